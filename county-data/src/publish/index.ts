// Writing a county's data into the database: data sets, parcels, base map features, elevation.
export { createBaseMapWriter, type BaseMapFeatureInsert } from './baseMapWriter.ts';
export { createDatasetWriter, type DatasetInsert } from './datasetWriter.ts';
export { createElevationWriter } from './elevationWriter.ts';
export { createParcelWriter, type ParcelInsert } from './parcelWriter.ts';
