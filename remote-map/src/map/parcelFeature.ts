// Reads a parcel tile feature's properties, whose key case varies between data sources (SPEC §3).

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

/** The PIN used by hover and selection, or null when the feature has none. */
export function parcelPin(properties: Properties): string | null {
  return readText(properties, 'PIN');
}
