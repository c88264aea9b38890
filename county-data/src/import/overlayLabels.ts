// Which property names an overlay's features on the map (a lake's name, a street's): decided once, at
// import, and kept in the overlay's style (labelAttribute), so that the styles and tiles label with
// one known property rather than guessing per feature (docs/decisions.md, "Context overlay labels").
import { isOverlayLabel } from '@parcel-map/shared/contracts';

/** The usual name fields of county GIS files, most telling first; matched without regard to case. */
const NAME_FIELDS = ['name', 'full_name', 'fullname', 'st_name', 'street_name', 'streetname', 'street', 'road_name', 'rd_name', 'str_name', 'gnis_name', 'waterbody', 'water_name', 'label'];

/**
 * The first of the usual name fields (as the file spells it) that names at least one feature; undefined
 * when none does (Cambridge's roads: only TYPE).
 */
export function chooseLabelAttribute(properties: readonly Record<string, unknown>[]): string | undefined {
  const keys = new Map<string, string>();
  for (const feature of properties) {
    for (const [key, value] of Object.entries(feature)) {
      if (!keys.has(key.toLowerCase()) && isOverlayLabel(value)) keys.set(key.toLowerCase(), key);
    }
  }
  for (const field of NAME_FIELDS) {
    const key = keys.get(field);
    if (key !== undefined) return key;
  }
  return undefined;
}
