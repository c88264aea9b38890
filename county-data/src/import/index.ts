// The parcel importer: reads a county's file, maps its fields, validates, reprojects and publishes.
export {
  bundledMappingNames, defaultMapping, parseImportMapping, readBundledMapping, readImportMapping, type ImportMapping, type ImportMappingInput,
} from './importMapping.ts';
export {
  checkPreparedFile, DEFAULT_MAX_REJECTED_SHARE, importParcels, publishImport, validateImport,
  type ImportOptions, type ImportProgress, type PreparedFile, type ValidatedImport,
} from './importParcels.ts';
export { prepareImportFileInWorker, prepareOverlayInWorker } from './prepareInWorker.ts';
export { importOverlay, prepareOverlay, publishPreparedOverlay, type OverlayImportOptions, type PreparedOverlay } from './importOverlay.ts';
export { DEFAULT_IMPORT_FILE_LIMITS, importFileLimitsFromEnv, type ImportFileLimits } from './importFileLimits.ts';
export {
  bundledOverlayMappingNames, defaultOverlayMapping, parseOverlayMapping, readBundledOverlayMapping, readOverlayMapping, type OverlayMapping,
} from './overlayMapping.ts';
