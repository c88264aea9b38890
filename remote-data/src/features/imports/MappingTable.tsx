import type { ImportMappingView } from '@parcel-map/shared/api';
import { number } from '../formats.ts';

/** The parcel fields a mapping fills, by the names the parcel card gives them (SPEC's, where it has them). */
const PRODUCT_FIELD_LABELS: Record<string, string> = {
  PIN: 'PIN',
  owner: 'Owner',
  ADD1: 'Address',
  ADD2: 'Address (second line)',
  CITY: 'City',
  STATE: 'State',
  ZIP: 'ZIP code',
  TaxAcres: 'Tax Acres',
  township: 'Township',
  zoning: 'Zoning',
  saleDate: 'Last Sale Date',
  salePrice: 'Sale Price',
  mailAdd1: 'Mailing address',
  mailCity: 'Mailing city',
  mailState: 'Mailing state',
  mailZip: 'Mailing ZIP code',
};

type MappedField = ImportMappingView['fields'][string];

/** Where a field's value comes from: 'LandArea ÷ 43,560', 'SaleDate (dates as M/D/YYYY)', 'always "MA"'. */
function sourceText(spec: MappedField): string {
  if (typeof spec === 'string') return spec;
  const source = spec.from ?? `always "${spec.const}"`;
  return [
    source,
    spec.divide !== undefined && ` ÷ ${number.format(spec.divide)}`,
    spec.multiply !== undefined && ` × ${number.format(spec.multiply)}`,
    spec.date !== undefined && ` (dates as ${spec.date})`,
  ]
    .filter(Boolean)
    .join('');
}

/** A mapping as a table of source field → product field, the join it reads and what it keeps but does not show. */
export function MappingTable({ mapping }: { mapping: ImportMappingView }) {
  const rows = [
    ...Object.entries(mapping.fields).map(([field, spec]) => ({ source: sourceText(spec), target: PRODUCT_FIELD_LABELS[field] ?? field })),
    ...(mapping.attributes?.show ?? []).map((shown) =>
      typeof shown === 'string' ? { source: shown, target: `More details: ${shown}` } : { source: shown.from, target: `More details: ${shown.label ?? shown.from}` },
    ),
  ];
  const hidden = mapping.attributes?.hidden ?? [];
  return (
    <div className="data-stack" role="group" aria-label="Field mapping">
      <div className="data-scroll" tabIndex={0} role="region" aria-label="Source and product fields">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Source field</th>
              <th scope="col" aria-hidden="true" />
              <th scope="col">Product field</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.source} ${row.target}`}>
                <td>{row.source}</td>
                <td aria-hidden="true">→</td>
                <td>{row.target}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mapping.join && (
        <p className="data-muted">
          Joined with {mapping.join.file}: its {mapping.join.csvKey} matches the file's {mapping.join.featureKey}.
        </p>
      )}
      {hidden.length > 0 && <p className="data-muted">Kept but not shown: {hidden.join(', ')}.</p>}
    </div>
  );
}
