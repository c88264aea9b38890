// The demo county generator: the seed, its generation (worker thread or in-process) and the
// constants tests use to find their way in it. Never imported by the API's product code.
export { CENTRE_PIN, DEMO_CENTRE, DEMO_DATASET, FULL_EXTENT, generateDemoCounty, TEST_EXTENT, type DemoCountyOptions } from './demoCounty.ts';
export { elevationAt, LAKE_SURFACE_M } from './demoElevation.ts';
export { demoElevationGrid } from './demoElevationGrid.ts';
export { generateInProcess, generateInWorker, type DemoGeneration } from './demoGeneration.ts';
export { lakeLngLat } from './lake.ts';
export { DEMO_DATASET_NAME, seedDemoDataIfEmpty, type SeedOptions } from './seedDemoData.ts';
