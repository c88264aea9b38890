// A whole list of parcels (a nearby list, a query's result) as letters need it: one line per owner
// and address (an owner of three neighbouring lots gets one letter), the owner's mailing address
// where the data has one, else the parcel's own; as a CSV and as sheets of address labels.
import { csvText, type NearbyParcel } from '@parcel-map/shared';
import { NEARBY_CSV_DISTANCE_COLUMN, QUERY_CSV_COLUMNS, type WholeListRows } from '@parcel-map/shared/api';

export interface MailingEntry {
  owner: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The parcels this letter is about. */
  pins: string[];
  acres: number;
  /** Feet to the nearest of them (a nearby list's); null for a query's. */
  distanceFt: number | null;
}

/** What a letter is made from: a parcel's owner, addresses and acres, and its distance in a nearby list. */
export type MailingSource = Pick<NearbyParcel, 'pin' | 'owner' | 'add1' | 'add2' | 'city' | 'state' | 'zip' | 'mail_add1' | 'mail_city' | 'mail_state' | 'mail_zip' | 'taxacres'> & {
  distance_ft: number | null;
};

const MAILING_CSV_COLUMNS = ['owner', 'mailing address', 'city', 'state', 'zip', 'pin', 'acres', 'distance (ft)'] as const;
/**
 * Sheets laid out for one print. The browser lays out every sheet of a print at once, so a
 * county-wide list (thousands of sheets) prints in parts the user chooses, none left out.
 */
export const SHEETS_PER_PRINT = 100;
/** The line USPS delivers to whoever lives there when the named owner does not. */
export const CURRENT_RESIDENT_LINE = 'OR CURRENT RESIDENT';

export type LabelOrder = 'owner' | 'zip';

function mailingAddress(parcel: MailingSource) {
  if (parcel.mail_add1) return { address: parcel.mail_add1, city: parcel.mail_city ?? '', state: parcel.mail_state ?? '', zip: parcel.mail_zip ?? '' };
  return { address: [parcel.add1, parcel.add2].filter(Boolean).join(' '), city: parcel.city ?? '', state: parcel.state ?? '', zip: parcel.zip ?? '' };
}

export function mailingList(parcels: readonly MailingSource[]): MailingEntry[] {
  const entries = new Map<string, MailingEntry>();
  for (const parcel of parcels) {
    const owner = parcel.owner ?? 'CURRENT OWNER';
    const address = mailingAddress(parcel);
    const key = [owner, address.address, address.city, address.state, address.zip].map((part) => part.trim().toUpperCase().replace(/\s+/g, ' ')).join('|');
    const entry = entries.get(key);
    if (entry) {
      entry.pins.push(parcel.pin);
      entry.acres += parcel.taxacres ?? 0;
      if (parcel.distance_ft !== null) entry.distanceFt = Math.min(entry.distanceFt ?? Infinity, parcel.distance_ft);
    } else {
      entries.set(key, { owner, ...address, pins: [parcel.pin], acres: parcel.taxacres ?? 0, distanceFt: parcel.distance_ft });
    }
  }
  return [...entries.values()];
}

export function mailingListCsv(entries: readonly MailingEntry[]): string {
  return csvText(
    MAILING_CSV_COLUMNS,
    entries.map((entry) => [entry.owner, entry.address, entry.city, entry.state, entry.zip, entry.pins.join('; '), Math.round(entry.acres * 100) / 100, entry.distanceFt]),
  );
}

/** A whole list's rows (the API's CSV of it) as the parcels letters are made from; an empty cell is no value. */
export function mailingSources({ header, rows }: WholeListRows): MailingSource[] {
  const at = (name: (typeof QUERY_CSV_COLUMNS)[number] | typeof NEARBY_CSV_DISTANCE_COLUMN) => header.indexOf(name);
  const [pin, owner, add1, add2, city, state, zip, acres, mailAdd1, mailCity, mailState, mailZip, distance] = [
    at('pin'), at('owner'), at('address'), at('address_2'), at('city'), at('state'), at('zip'), at('acres'),
    at('mail_address'), at('mail_city'), at('mail_state'), at('mail_zip'), at(NEARBY_CSV_DISTANCE_COLUMN),
  ];
  return rows.map((row) => {
    const text = (index: number) => (index >= 0 && row[index] ? row[index] : null);
    const number = (index: number) => (text(index) === null ? null : Number(text(index)));
    return {
      pin: row[pin] ?? '',
      owner: text(owner),
      add1: text(add1),
      add2: text(add2),
      city: text(city),
      state: text(state),
      zip: text(zip),
      mail_add1: text(mailAdd1),
      mail_city: text(mailCity),
      mail_state: text(mailState),
      mail_zip: text(mailZip),
      taxacres: number(acres),
      distance_ft: number(distance),
    };
  });
}

/** The letters in the order they are mailed in: by owner's name, or by ZIP (bulk mail goes by ZIP), then name. */
export function sortedForMailing(entries: readonly MailingEntry[], order: LabelOrder): MailingEntry[] {
  const byOwner = (a: MailingEntry, b: MailingEntry) => a.owner.localeCompare(b.owner, 'en-US') || a.address.localeCompare(b.address, 'en-US');
  return [...entries].sort(order === 'zip' ? (a, b) => a.zip.localeCompare(b.zip, 'en-US') || byOwner(a, b) : byOwner);
}

/** What a letter's label says, line by line, in capitals as USPS reads addresses. */
export function labelAddress(entry: MailingEntry, { orCurrentResident }: { orCurrentResident: boolean }): string[] {
  const cityLine = `${entry.city}${entry.city && entry.state ? ', ' : ''}${entry.state} ${entry.zip}`.trim();
  return [entry.owner, ...(orCurrentResident ? [CURRENT_RESIDENT_LINE] : []), entry.address, cityLine].filter(Boolean).map((line) => line.toUpperCase());
}

/** The items in runs of `size` (labels to a sheet, labels to a print), in order, none left out. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}
