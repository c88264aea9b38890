import { describe, expect, it } from 'vitest';
import { datasetNameFromFile, formatMegabytes, isDatasetName } from './datasetName.ts';

describe('datasetNameFromFile', () => {
  it('makes a slug of the file name without its extension', () => {
    expect(datasetNameFromFile('ASSESSING_ParcelsFY2014.converted.geojson')).toBe('assessing-parcelsfy2014-converted');
    expect(datasetNameFromFile('Iredell NC parcels.zip')).toBe('iredell-nc-parcels');
    expect(datasetNameFromFile('__.json')).toBe('');
    expect(datasetNameFromFile('Mecklenburg_Parcels.gpkg')).toBe('mecklenburg-parcels');
    expect(datasetNameFromFile('Cambridge.gdb.zip')).toBe('cambridge');
  });

  it('proposes only names the API accepts', () => {
    for (const file of ['A b.geojson', 'x--y.zip', 'Ünïcode 2024.json']) {
      const name = datasetNameFromFile(file);
      expect(name === '' || isDatasetName(name)).toBe(true);
    }
    expect(isDatasetName('cambridge-ma')).toBe(true);
    expect(isDatasetName('Cambridge MA')).toBe(false);
  });
});

describe('formatMegabytes', () => {
  it('rounds from 10 MB and keeps one decimal below', () => {
    expect(formatMegabytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatMegabytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
