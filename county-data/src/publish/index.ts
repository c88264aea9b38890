// Writing a county's data into the database: data sets, parcels, base map features, elevation.
export { createBaseMapWriter, type BaseMapFeatureInsert } from './baseMapWriter.ts';
export {
  checkDatasetName, DATASET_NAME, DatasetError, datasetNameFrom, KEPT_VERSIONS, listDatasetVersions, publishDatasetVersion, removeDataset, republishDataset, rollbackDataset,
  type DatasetMeta, type DatasetVersionRow, type VersionOrigin,
} from './datasetVersions.ts';
export { createElevationWriter } from './elevationWriter.ts';
export { changeLogOf, changesAgainstServed, versionChangeLog, type ChangeLog } from './versionChanges.ts';
export { createParcelWriter, type ParcelInsert } from './parcelWriter.ts';
export {
  checkOverlayName, listOverlayVersions, publishOverlayVersion, removeOverlay, rollbackOverlay,
  type OverlayFeatureInsert, type OverlayMeta, type OverlayVersionRow,
} from './overlayVersions.ts';
export { imageryVersionFiles, listImageryVersions, removeImagery, rollbackImagery, type ImageryVersionRow } from './imageryVersions.ts';
