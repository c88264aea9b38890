// A parcel's own attributes as the API answers them: each row keeps its values by source
// name, its data set version the list it shows (order, labels, formats); hidden ones are in no list.
import type { ParcelAttribute, ParcelAttributeField, ParcelAttributeValues } from '@parcel-map/shared/contracts';

/** What a parcel query selects for them: `p.attributes` and its data set version's `attribute_fields`. */
export interface StoredAttributes {
  attributes: ParcelAttributeValues | null;
  attribute_fields: ParcelAttributeField[] | null;
}

/** The shown attributes this parcel has a value for, in its data set's order, with their labels. */
export function shownAttributes({ attributes, attribute_fields }: StoredAttributes): ParcelAttribute[] {
  if (!attributes || !attribute_fields) return [];
  return attribute_fields.flatMap((field) => {
    const value = attributes[field.key];
    return value === undefined ? [] : [{ ...field, value }];
  });
}
