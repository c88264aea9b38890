// Imagery imports: an orthophoto or satellite image as the next version of an imagery layer.
export { importImagery, type ImageryImportOptions } from './importImagery.ts';
