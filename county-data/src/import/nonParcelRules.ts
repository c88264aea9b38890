// Features of a county's parcel file that are not someone's parcel — rights-of-way, roads, water,
// rail (Cambridge's "ROAD" and "RR" rows) — told apart by the mapping's rules: a PIN pattern, or a
// source field's values such as land-use codes. The import lists them in its report.
import type { NonParcelKind } from '@parcel-map/shared/contracts';
import type { ImportMapping } from './importMapping.ts';

/** The kind of feature a parcel row is when a rule matches it; null for a parcel. */
export type NonParcelClassifier = (pin: string, value: (field: string) => unknown) => NonParcelKind | null;

export function createNonParcelClassifier(mapping: Pick<ImportMapping, 'nonParcels'>): NonParcelClassifier {
  const rules = (mapping.nonParcels ?? []).map((rule) => ({
    kind: rule.kind,
    // The whole PIN, without case: "ROAD" is not "BROADWAY-1".
    pin: rule.pin === undefined ? undefined : new RegExp(`^(?:${rule.pin})$`, 'i'),
    field: rule.field,
    values: new Set((rule.values ?? []).map((value) => value.trim().toUpperCase())),
  }));
  return (pin, value) => {
    for (const rule of rules) {
      if (rule.pin?.test(pin)) return rule.kind;
      if (rule.field !== undefined && rule.values.has(String(value(rule.field) ?? '').trim().toUpperCase())) return rule.kind;
    }
    return null;
  };
}
