// What the import form proposes and accepts as a data set's name (the API's rule: a slug).
export const DATASET_NAME_PATTERN = '[a-z0-9]+(-[a-z0-9]+)*';

/** 'ASSESSING_ParcelsFY2014.converted.geojson' → 'assessing-parcelsfy2014-converted'. */
export function datasetNameFromFile(fileName: string): string {
  return fileName
    // A zipped File Geodatabase is named after its folder: 'parcels.gdb.zip' → 'parcels'.
    .replace(/(\.gdb)?\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
}

export function isDatasetName(name: string): boolean {
  return new RegExp(`^${DATASET_NAME_PATTERN}$`).test(name);
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return `${mb >= 10 ? Math.round(mb) : mb.toFixed(1)} MB`;
}
