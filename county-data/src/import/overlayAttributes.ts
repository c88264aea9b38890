// The properties an overlay's map shows, as its mapping describes them: their source names (what its
// tiles carry), what the popup calls them, their units and what their codes mean, and the values that
// mean "none" in them, which are stored as missing rather than shown as facts (FEMA's -9999).
import type { OverlayAttributeField } from '@parcel-map/shared/contracts';
import type { OverlayMapping, ShownAttribute } from './overlayMapping.ts';

const specOf = (shown: ShownAttribute) => (typeof shown === 'string' ? { from: shown } : shown);

/** The properties the tiles carry, in order; null: every one. */
export function shownAttributeNames(mapping: OverlayMapping): string[] | null {
  return mapping.attributes?.show.map((shown) => specOf(shown).from) ?? null;
}

/** How the popup shows each shown property: by default under its source name. */
export function attributeFieldsOf(mapping: OverlayMapping): OverlayAttributeField[] {
  return (mapping.attributes?.show ?? []).map((shown) => {
    const { from, label, unit, codes } = specOf(shown);
    return { key: from, label: label ?? from, ...(unit === undefined ? {} : { unit }), ...(codes === undefined ? {} : { codes }) };
  });
}

/** A feature's properties without the values its mapping says mean "none" (compared as text, trimmed). */
export function nullValuesRemover(mapping: OverlayMapping): (properties: Record<string, unknown>) => Record<string, unknown> {
  const nullValues = new Map<string, Set<string>>();
  for (const shown of mapping.attributes?.show ?? []) {
    const { from, nullValues: values } = specOf(shown);
    if (values) nullValues.set(from, new Set(values.map((value) => String(value).trim())));
  }
  if (nullValues.size === 0) return (properties) => properties;
  return (properties) => Object.fromEntries(Object.entries(properties).filter(([key, value]) => !(value !== null && value !== undefined && nullValues.get(key)?.has(String(value).trim()))));
}
