import { describe, expect, it } from 'vitest';
import { parseImportMapping } from './importMapping.ts';
import { createAttributeCollector } from './parcelAttributes.ts';
import { createPlaceholderFinder } from './placeholderValues.ts';

const mapping = (attributes?: unknown) =>
  parseImportMapping({
    dataset: { sourceName: 'County GIS', licence: 'PDDL' },
    fields: { PIN: 'parcel_id', owner: { from: 'OWNER' }, CITY: { const: 'TOWN' } },
    join: { file: 'assessor.csv', featureKey: 'parcel_id', csvKey: 'PID' },
    ...(attributes === undefined ? {} : { attributes }),
  });

describe('the attributes an import keeps', () => {
  it('keeps what no field maps, from the feature and its joined row, but not the join key copy or empty values', () => {
    const collector = createAttributeCollector(mapping(), createPlaceholderFinder({}));
    const kept = collector.collect(
      { PARCEL_ID: 'A-1', owner: 'ANN', ZONE: 'R-1', NOTE: '  ', ACRES: 2.5, SEWER: true, EXTRA: { a: 1 } },
      { PID: 'A-1', ZONE: 'C-2', VALUE: ' 125000 ', STYLE: '' },
    );
    // Mapped names match without case; a feature property shadows a CSV column of the same name.
    expect(kept).toEqual({ ZONE: 'R-1', ACRES: 2.5, SEWER: true, EXTRA: '{"a":1}', VALUE: '125000' });
    expect(collector.fields()).toEqual([
      { key: 'ZONE', label: 'ZONE' },
      { key: 'ACRES', label: 'ACRES' },
      { key: 'SEWER', label: 'SEWER' },
      { key: 'EXTRA', label: 'EXTRA' },
      { key: 'VALUE', label: 'VALUE' },
    ]);
  });

  it('shows the listed ones first with their labels and formats, then the rest in the order first met, never the hidden ones', () => {
    const collector = createAttributeCollector(
      mapping({ show: [{ from: 'value', label: 'Appraised value', format: 'currency' }, 'MISSING', 'STYLE'], hidden: ['zone'] }),
      createPlaceholderFinder({}),
    );
    expect(collector.collect({ parcel_id: 'A-1', ZONE: 'R-1' }, { PID: 'A-1', VALUE: '$1,250', STYLE: 'RANCH' })).toEqual({
      ZONE: 'R-1',
      VALUE: 1250,
      STYLE: 'RANCH',
    });
    expect(collector.collect({ parcel_id: 'A-2', YEAR: 1950 }, { PID: 'A-2', VALUE: 'unknown' })).toEqual({ YEAR: 1950, VALUE: 'unknown' });
    expect(collector.collect({ parcel_id: 'A-3' }, undefined)).toBeNull();
    expect(collector.fields()).toEqual([
      { key: 'VALUE', label: 'Appraised value', format: 'currency' },
      { key: 'STYLE', label: 'STYLE' },
      { key: 'YEAR', label: 'YEAR' },
    ]);
  });
});
