// An overlay's legend, found at import from the values its features hold of the attribute it is
// coloured by — never the values a mapping might list but the layer lacks — so the Overlays panel and
// the map's paint agree with the data. Each value keeps the mapping's colour if it gives one, else a
// colour of a colour-blind-safe categorical palette, chosen from the value itself (so a value keeps
// its colour from one version to the next while the others around it change) and never one another
// value of the layer already has.
import type { OverlayAttributeField, OverlayLegend, OverlayStyle } from '@parcel-map/shared/contracts';

/** Paul Tol's "muted" qualitative scheme: nine colours told apart with any common colour-vision deficiency. */
export const CATEGORICAL_PALETTE = ['#332288', '#88CCEE', '#44AA99', '#117733', '#999933', '#DDCC77', '#CC6677', '#882255', '#AA4499'] as const;

/** A property's value as the legend and the map's `to-string` match write it; undefined for none. */
function legendValue(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

const byValue = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The palette slot a value prefers: the same for the same text whatever else the layer holds. */
function preferredSlot(value: string, slots: number): number {
  let hash = 2166136261;
  for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 16777619);
  return (hash >>> 0) % slots;
}

/**
 * The legend of an overlay coloured by an attribute (null for one coloured alike): every value its
 * features hold, by value, with the mapping's colour or a palette one and its code's text when the
 * attribute's field gives codes. With more values than free palette colours, the most common take them
 * and the rest are counted as `others`, drawn in the style's colour.
 */
export function overlayLegendOf(style: OverlayStyle, properties: readonly Record<string, unknown>[], fields: readonly OverlayAttributeField[]): OverlayLegend | null {
  if (!style.byAttribute) return null;
  const { attribute, colours: given } = style.byAttribute;
  const counts = new Map<string, number>();
  let others = 0;
  for (const feature of properties) {
    const value = legendValue(feature[attribute]);
    if (value === undefined) others += 1;
    else counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const colours = new Map([...counts.keys()].filter((value) => given[value] !== undefined).map((value) => [value, given[value]!]));
  const taken = new Set([...colours.values()].map((colour) => colour.toLowerCase()));
  const free = CATEGORICAL_PALETTE.filter((colour) => !taken.has(colour.toLowerCase()));
  const uncoloured = [...counts].filter(([value]) => !colours.has(value)).sort(([a, m], [b, n]) => n - m || byValue(a, b));
  const slots: (string | undefined)[] = [...free];
  for (const [value] of uncoloured.slice(0, free.length).sort(([a], [b]) => byValue(a, b))) {
    let slot = preferredSlot(value, free.length);
    while (slots[slot] === undefined) slot = (slot + 1) % free.length;
    colours.set(value, slots[slot]!);
    slots[slot] = undefined;
  }
  for (const [value, features] of uncoloured.slice(free.length)) {
    others += features;
    counts.delete(value);
  }
  const codes = fields.find((field) => field.key === attribute)?.codes;
  const entries = [...counts]
    .sort(([a], [b]) => byValue(a, b))
    .map(([value, features]) => ({ value, label: codes?.[value] ?? value, colour: colours.get(value)!, features }));
  return { attribute, entries, others };
}

/** The style drawn: its attribute's colours those of the legend, the values the layer holds. */
export function styleWithLegend(style: OverlayStyle, legend: OverlayLegend | null): OverlayStyle {
  if (!style.byAttribute || !legend) return style;
  return { ...style, byAttribute: { attribute: legend.attribute, colours: Object.fromEntries(legend.entries.map((entry) => [entry.value, entry.colour])) } };
}
