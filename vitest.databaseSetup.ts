// Vitest global setup: the databases test files copy (database/src/testing/testDbTemplates.ts), made
// once per run when a project whose tests open databases is part of it — not for the front ends alone;
// with them the compiled API and county commands, built when stale, which the tests of the commands start
// as npm start does (under tsx each start took 1.3 CPU-s more).
import type { TestProject } from 'vitest/node';
import { pino } from 'pino';
import { TEST_EXTENT, seedDemoDataIfEmpty } from '@parcel-map/county-data/demo';
import { createTestDbTemplates, testDatabaseUrl } from '@parcel-map/database/testing';
import { buildCompiledServers } from './scripts/productServers.mjs';
import { PROJECTS_WITH_DATABASES } from './scripts/testProjects.mjs';

export default async function setup(project: TestProject) {
  if (!project.vitest.projects.some((each) => PROJECTS_WITH_DATABASES.includes(each.name))) return undefined;
  buildCompiledServers();
  const started = performance.now();
  // A 3 km square of the demo county around the centre: the same generator as npm start's, on less land.
  const { templates, remove } = await createTestDbTemplates(testDatabaseUrl, (db) => seedDemoDataIfEmpty(db, pino({ level: 'silent' }), { extent: TEST_EXTENT }));
  console.log(`test databases (${templates.mode}) migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('testDbTemplates', templates);
  return remove;
}
