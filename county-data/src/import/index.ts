// The parcel importer: reads a county's file, maps its fields, validates, reprojects and publishes.
export { defaultMapping, parseImportMapping, readImportMapping, type ImportMapping, type ImportMappingInput } from './importMapping.ts';
export { importParcels, type ImportOptions, type ImportProgress, type ImportReport } from './importParcels.ts';
