// The Vitest projects (one per workspace with tests), and those whose tests open databases or start
// processes: vitest.databaseSetup.ts makes the run's databases when one of these runs, and
// `npm test -- quick` runs only the others.
export const PROJECTS_WITH_DATABASES = ['database', 'county-data', 'api-server'];
export const VITEST_PROJECTS = ['shared', 'host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data', ...PROJECTS_WITH_DATABASES, 'local-identity'];
