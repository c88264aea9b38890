// The source's other attributes: whatever the mapping's `fields` leave unmapped, taken
// from the feature and its joined row and kept with the parcel as source name → value; and the list
// the data set shows of them, with the mapping's labels, order and hidden names.
import type { ParcelAttributeField, ParcelAttributeFormat, ParcelAttributeValues } from '@parcel-map/shared/contracts';
import { parseNumber, type ImportMapping } from './importMapping.ts';
import type { CsvRow } from './csvTable.ts';
import type { PlaceholderFinder } from './placeholderValues.ts';

export interface AttributeCollector {
  /** The feature's and its joined row's unmapped, non-empty values; null when there are none. */
  collect(properties: Record<string, unknown>, joined: CsvRow | undefined): ParcelAttributeValues | null;
  /** The shown attributes, once every feature is collected: the mapping's `show` list first, then the rest in source order. */
  fields(): ParcelAttributeField[];
}

export function createAttributeCollector(mapping: ImportMapping, placeholders: PlaceholderFinder): AttributeCollector {
  // Every feature repeats the same few names: each is lowered once.
  const lowered = new Map<string, string>();
  const lower = (name: string) => {
    let key = lowered.get(name);
    if (key === undefined) lowered.set(name, (key = name.toLowerCase()));
    return key;
  };
  // Source names the fields map (matched without case, as the lookup does); the CSV's copy of the join key.
  const mapped = new Set<string>();
  for (const spec of Object.values(mapping.fields)) {
    if (typeof spec === 'string') mapped.add(lower(spec));
    else if (spec?.from !== undefined) mapped.add(lower(spec.from));
  }
  const csvKey = mapping.join ? lower(mapping.join.csvKey) : undefined;
  const shown = new Map<string, { from: string; label?: string | undefined; format?: ParcelAttributeFormat | undefined }>();
  for (const spec of mapping.attributes?.show ?? []) {
    const entry = typeof spec === 'string' ? { from: spec } : spec;
    shown.set(lower(entry.from), entry);
  }
  const hidden = new Set((mapping.attributes?.hidden ?? []).map(lower));
  /** Every attribute name met, in the order first met. */
  const seen = new Map<string, string>();

  const add = (attributes: ParcelAttributeValues, name: string, raw: unknown) => {
    const key = lower(name);
    if (mapped.has(key)) return;
    const spec = shown.get(key);
    if (placeholders.text(name, raw) || placeholders.yearBuilt(name, spec?.label, raw)) return;
    const value = attributeValue(raw, spec?.format);
    if (value === undefined) return;
    attributes[name] = value;
    if (!seen.has(key)) seen.set(key, name);
  };

  return {
    collect(properties, joined) {
      const attributes: ParcelAttributeValues = {};
      for (const [name, value] of Object.entries(properties)) add(attributes, name, value);
      if (joined) {
        const own = new Set(Object.keys(properties).map(lower));
        // A feature property shadows a CSV column of the same name, as in the fields' lookup.
        for (const [name, value] of Object.entries(joined)) if (lower(name) !== csvKey && !own.has(lower(name))) add(attributes, name, value);
      }
      return Object.keys(attributes).length > 0 ? attributes : null;
    },

    fields() {
      const fields: ParcelAttributeField[] = [];
      for (const [key, entry] of shown) {
        const name = seen.get(key);
        if (name === undefined || hidden.has(key)) continue;
        fields.push({ key: name, label: entry.label ?? name, ...(entry.format ? { format: entry.format } : {}) });
      }
      for (const [key, name] of seen) if (!shown.has(key) && !hidden.has(key)) fields.push({ key: name, label: name });
      return fields;
    },
  };
}

/** A value worth keeping, as JSON: text trimmed, nested values as JSON text, a currency as a number where it reads as one. */
function attributeValue(raw: unknown, format: ParcelAttributeFormat | undefined): ParcelAttributeValues[string] | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'boolean') return raw;
  const text = (typeof raw === 'string' ? raw : JSON.stringify(raw)).trim();
  if (text === '') return undefined;
  if (format === 'currency') return parseNumber(text) ?? text;
  return text;
}
