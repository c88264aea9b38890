// Reads a parcel tile feature's properties, whose key case varies between data sources (SPEC §3).

/** What the map knows about a parcel from its tile feature, before the API answers. */
export interface ParcelFeatureInfo {
  pin: string;
  name: string | null;
  owner: string | null;
  add1: string | null;
  city: string | null;
  taxAcres: number | null;
}

type Properties = Record<string, unknown> | null | undefined;

/** The value under `key`, matched exactly first, then ignoring case. */
export function readProperty(properties: Properties, key: string): unknown {
  if (!properties) return undefined;
  if (key in properties) return properties[key];
  const wanted = key.toLowerCase();
  const match = Object.keys(properties).find((candidate) => candidate.toLowerCase() === wanted);
  return match === undefined ? undefined : properties[match];
}

/** A non-empty trimmed string, numbers included (PINs are sometimes numeric in tiles). */
export function readText(properties: Properties, key: string): string | null {
  const value = readProperty(properties, key);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** A finite number from a number or a numeric string; anything else is ignored. */
export function readNumber(properties: Properties, key: string): number | null {
  const value = readProperty(properties, key);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The PIN used by hover and selection, or null when the feature has none. */
export function parcelPin(properties: Properties): string | null {
  return readText(properties, 'PIN');
}

/** The parcel a tile feature describes, or null without a PIN (such features cannot be selected). */
export function parcelFeatureInfo(properties: Properties): ParcelFeatureInfo | null {
  const pin = parcelPin(properties);
  if (pin === null) return null;
  return {
    pin,
    name: readText(properties, 'Name'),
    owner: readText(properties, 'OwnerName') ?? readText(properties, 'Owner'),
    add1: readText(properties, 'ADD1'),
    city: readText(properties, 'CITY'),
    taxAcres: readNumber(properties, 'TaxAcres'),
  };
}
