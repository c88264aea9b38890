// Owners' mailing addresses in the demo county. Most owners live on their lot and
// get their tax bills there; some live elsewhere in the state or out of state (absentee owners, the
// lines a rezoning notice must reach), and a company has one office address for all its parcels, so
// a mailing list of its neighbouring lots holds it once. Drawn from a stream of their own, so adding
// them changed no parcel, owner or address of the county.
import { createPrng, type Prng } from './prng.ts';

export interface MailingAddress {
  mail_add1: string;
  mail_city: string;
  mail_state: string;
  mail_zip: string;
}

const IN_STATE: readonly (readonly [city: string, zip: string])[] = [
  ['CHARLOTTE', '28202'], ['CHARLOTTE', '28277'], ['CORNELIUS', '28031'], ['DAVIDSON', '28036'], ['HUNTERSVILLE', '28078'],
  ['RALEIGH', '27609'], ['GREENSBORO', '27408'], ['HICKORY', '28601'], ['SALISBURY', '28144'], ['WINSTON SALEM', '27104'],
];
const OUT_OF_STATE: readonly (readonly [city: string, state: string, zip: string])[] = [
  ['FORT MILL', 'SC', '29715'], ['ROCK HILL', 'SC', '29730'], ['GREENVILLE', 'SC', '29601'], ['ATLANTA', 'GA', '30309'],
  ['NAPLES', 'FL', '34102'], ['ORLANDO', 'FL', '32801'], ['RICHMOND', 'VA', '23220'], ['COLUMBUS', 'OH', '43215'],
  ['NEW YORK', 'NY', '10016'], ['SCOTTSDALE', 'AZ', '85251'], ['KNOXVILLE', 'TN', '37902'], ['DALLAS', 'TX', '75201'],
];
const MAIL_STREETS = ['MAIN ST', 'PARK AVE', 'OAK ST', 'ELM ST', 'PEACHTREE ST NE', 'BROAD ST', 'MARKET ST', 'LAKEVIEW DR', 'RIVER RD', 'TRADE ST'];

/** A share of the individual owners who live elsewhere: in the state, and out of state. */
const ABSENTEE_IN_STATE = 0.1;
const ABSENTEE_OUT_OF_STATE = 0.08;

export interface Site {
  owner: string;
  add1: string;
  add2: string | null;
  city: string;
  zip: string;
  company: boolean;
}

/** Makes the mailing addresses of a county's parcels, in the order the parcels are made. */
export function createMailingAddresses(seed: string): (site: Site) => MailingAddress {
  const random = createPrng(`${seed}/mailing`);
  return (site) => {
    // A company's address follows from its name alone: the same office for every parcel it owns.
    if (site.company) {
      const office = createPrng(`${seed}/mailing/${site.owner}`);
      return elsewhere(office, office.chance(0.4));
    }
    const roll = random.next();
    if (roll < ABSENTEE_OUT_OF_STATE + ABSENTEE_IN_STATE) return elsewhere(random, roll < ABSENTEE_OUT_OF_STATE);
    return { mail_add1: site.add2 ? `${site.add1} ${site.add2}` : site.add1, mail_city: site.city, mail_state: 'NC', mail_zip: site.zip };
  };
}

function elsewhere(random: Prng, outOfState: boolean): MailingAddress {
  const street = random.chance(0.15) ? `PO BOX ${random.int(100, 9999)}` : `${random.int(10, 9999)} ${random.pick(MAIL_STREETS)}`;
  if (outOfState) {
    const [city, state, zip] = random.pick(OUT_OF_STATE);
    return { mail_add1: street, mail_city: city, mail_state: state, mail_zip: zip };
  }
  const [city, zip] = random.pick(IN_STATE);
  return { mail_add1: street, mail_city: city, mail_state: 'NC', mail_zip: zip };
}
