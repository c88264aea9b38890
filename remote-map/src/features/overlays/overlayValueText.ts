// An overlay property's value as the popup and the legend write it: a code with what its mapping says
// it means ("AE — 1% annual chance flood, base flood elevation determined"), a measure with its unit.
import type { OverlayAttributeField } from '@parcel-map/shared/api';

/** A value and what it means, when that says more than the value itself. */
export function codedValueText(value: string, meaning: string | undefined): string {
  return meaning === undefined || meaning === value ? value : `${value} — ${meaning}`;
}

export function overlayValueText(value: string | number | boolean, field: OverlayAttributeField | undefined): string {
  const text = codedValueText(String(value), field?.codes?.[String(value)]);
  return field?.unit === undefined ? text : `${text} ${field.unit}`;
}
