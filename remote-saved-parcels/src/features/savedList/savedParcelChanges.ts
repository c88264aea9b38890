// What a saved card says about its parcel's changes since it was saved (issue #43), from the change
// logs the saved list carries: a sale with the owner it was from, a new owner, a new value, or the
// parcel gone from the county's data with what was last known of it. Dates and money as the detail
// panel writes them.
import { dateLabel, MISSING_VALUE, priceLabel, type SavedParcelChange, type SavedParcelRecord } from '@parcel-map/shared';
import { changeValuesText } from '@parcel-map/shared/api';

type Value = string | number | null | undefined;
const textOf = (value: Value) => (value === null || value === undefined ? MISSING_VALUE : String(value));
const moneyOf = (value: Value) => (typeof value === 'number' ? priceLabel(value) : textOf(value));

/** Whether the parcel has a change published since the user last marked the list's changes seen. */
export function hasNewChanges(saved: SavedParcelRecord): boolean {
  return (saved.changes ?? []).some((change) => !change.seen);
}

/** One line per change, newest first; a sale and its version's new owner read as one line. */
export function changeLines(saved: SavedParcelRecord): string[] {
  const changes = saved.changes ?? [];
  const sameVersion = (kind: SavedParcelChange['kind'], at: string) => changes.find((change) => change.kind === kind && change.at === at);
  const lines = changes.flatMap(({ kind, at, before, after }): string[] => {
    const when = dateLabel(at);
    switch (kind) {
      case 'sold': {
        const price = typeof after?.['Sale price'] === 'number' ? ` for ${priceLabel(after['Sale price'])}` : '';
        const previous = sameVersion('owner', at)?.before?.Owner;
        return [`Sold ${textOf(after?.['Sale date'] ?? when)}${price}${previous === undefined ? '' : ` — was ${textOf(previous)}`}`];
      }
      case 'owner':
        return sameVersion('sold', at) ? [] : [`New owner ${textOf(after?.Owner)} since ${when} — was ${textOf(before?.Owner)}`];
      case 'value':
        return Object.keys(after ?? {}).map((label) => `${label} ${moneyOf(before?.[label])} → ${moneyOf(after?.[label])} since ${when}`);
      case 'removed':
        return [`No longer in the county's data since ${when}. Last known: ${changeValuesText(before)}`];
      default:
        return [];
    }
  });
  // Gone without a change log saying when (its data set removed, or a version published before logs were kept).
  if (saved.gone && !changes.some((change) => change.kind === 'removed')) lines.push("No longer in the county's data");
  return lines.reverse();
}
