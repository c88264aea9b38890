// A nearby list as notification letters need it: one line per owner and
// address (an owner of three neighbouring lots gets one letter), the owner's mailing address where
// the data has one, else the parcel's own; as a CSV and as sheets of address labels.
import { csvText, type NearbyParcel } from '@parcel-map/shared';

export interface MailingEntry {
  owner: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** The parcels this letter is about. */
  pins: string[];
  acres: number;
  /** Feet to the nearest of them. */
  distanceFt: number;
}

const MAILING_CSV_COLUMNS = ['owner', 'mailing address', 'city', 'state', 'zip', 'pin', 'acres', 'distance (ft)'] as const;
/** The common address label sheet (Avery 5160 and its kin): 3 across, 10 down, on US Letter. */
const LABELS_PER_PAGE = 30;

function mailingAddress(parcel: NearbyParcel) {
  if (parcel.mail_add1) return { address: parcel.mail_add1, city: parcel.mail_city ?? '', state: parcel.mail_state ?? '', zip: parcel.mail_zip ?? '' };
  return { address: [parcel.add1, parcel.add2].filter(Boolean).join(' '), city: parcel.city ?? '', state: parcel.state ?? '', zip: parcel.zip ?? '' };
}

export function mailingList(parcels: readonly NearbyParcel[]): MailingEntry[] {
  const entries = new Map<string, MailingEntry>();
  for (const parcel of parcels) {
    const owner = parcel.owner ?? 'CURRENT OWNER';
    const address = mailingAddress(parcel);
    const key = [owner, address.address, address.city, address.state, address.zip].map((part) => part.trim().toUpperCase().replace(/\s+/g, ' ')).join('|');
    const entry = entries.get(key);
    if (entry) {
      entry.pins.push(parcel.pin);
      entry.acres += parcel.taxacres ?? 0;
      entry.distanceFt = Math.min(entry.distanceFt, parcel.distance_ft);
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

/** The labels in pages of 30, in list order. */
export function labelPages<T>(entries: readonly T[]): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < entries.length; start += LABELS_PER_PAGE) pages.push(entries.slice(start, start + LABELS_PER_PAGE));
  return pages;
}
