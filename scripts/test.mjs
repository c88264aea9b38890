// `npm test`: every check of the project, with one closing line 'N passed, N failed' under each stage's
// count and time. Stages: lint, the Node.js versions the dependencies accept, the import rules between
// rooms, type-check of each workspace, unit/component/API tests (Vitest), the tests that open the run's
// database again on PostgreSQL when TEST_DATABASE_URL is set, and end-to-end tests in Chromium (Playwright).
// `npm test -- quick`: lint, the import rules, type-check and the Vitest projects without databases or
// processes (scripts/testProjects.mjs) — what a change can be checked with in a few minutes.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { measureCpuUse } from './cpuUse.mjs';
import { PROJECTS_WITH_DATABASES, testFilesOpeningTheDatabase, VITEST_PROJECTS } from './testProjects.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(repo, '.data/test-results');
const WORKSPACES = ['shared', 'host', 'remote-auth', 'remote-map', 'remote-saved-parcels', 'remote-data', 'database', 'county-data', 'api-server', 'local-identity', 'e2e'];
// Type-checked like the workspaces: the hardening checks, and the benchmarks once they have a tsconfig.
const TYPECHECKED = [...WORKSPACES, ...['hardening', 'bench'].filter((dir) => existsSync(path.join(repo, dir, 'tsconfig.json')))];
const bin = (name) => path.join(repo, 'node_modules/.bin', name);
// `npm test -- unit e2e` runs only those stages; `--hardening` adds `npm run test:hardening --quick` (CI does).
const args = process.argv.slice(2);
const quick = args.includes('quick');
const only = quick ? ['lint', 'architecture', 'typecheck', 'unit'] : args.filter((arg) => !arg.startsWith('--'));
const withHardening = args.includes('--hardening') || only.includes('hardening');
const stages = [];

function run(command, args, env = {}) {
  return spawnSync(command, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, CI: 'true', ...env } }).status === 0;
}

/** Runs each [command, args] with up to one per core at a time; answers whether each succeeded, in order. */
async function runEach(commands) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < commands.length) {
      const index = next++;
      const [command, args] = commands[index];
      const child = spawn(command, args, { cwd: repo, stdio: 'inherit', env: { ...process.env, CI: 'true' } });
      const [code] = await once(child, 'exit');
      results[index] = code === 0;
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), commands.length) }, lane));
  return results;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Runs a stage; `fn` answers its counts and, when it can tell, the names of what failed. */
async function stage(name, fn) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const cpuUse = measureCpuUse();
  const { passed, failed, failures = [] } = await fn();
  stages.push({ name, passed, failed, failures, minutes: (performance.now() - started) / 60_000, cpu: cpuUse() });
}

const check = (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

function vitestCounts(outputFile, ok) {
  const report = readJson(outputFile);
  if (!report) return check(false);
  // A suite that fails to load counts as a failure even if it holds no tests.
  const broken = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0);
  const failures = report.testResults.flatMap((suite) => {
    const file = path.relative(repo, suite.name);
    if (suite.status === 'failed' && suite.assertionResults.length === 0) return [`${file}: did not load`];
    return suite.assertionResults.filter((test) => test.status === 'failed').map((test) => `${file}: ${test.fullName}`);
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests + broken.length + (ok || report.numFailedTests || broken.length ? 0 : 1), failures };
}

/** Every spec of a Playwright JSON report whose outcome was not the expected one, with its file. */
function playwrightFailures(suite, titles = []) {
  const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
  return [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `e2e/tests/${spec.file}: ${[...here, spec.title].join(' › ')}`),
    ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here)),
  ];
}

mkdirSync(resultsDir, { recursive: true });

// ESLint, and knip: no unused files, exports or dependencies (knip.jsonc). ESLint keeps what it found
// of unchanged files in node_modules/.cache (no rule here reads another file's types).
await stage('lint', () => {
  const results = [run(bin('eslint'), ['--cache', '--cache-location', path.join(repo, 'node_modules/.cache/eslint/'), '.']), run(bin('knip'), ['--no-progress'])];
  return { passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length };
});

// Every installed package accepts the oldest Node.js package.json supports: `npm ci` warns of none.
await stage('engines', () => check(run(process.execPath, ['scripts/checkEngines.mjs'])));

// The rooms of the code and what may import what (.dependency-cruiser.cjs): no cycles, no upward imports.
await stage('architecture', () => check(run(bin('depcruise'), ['--config', '.dependency-cruiser.cjs', ...WORKSPACES.filter((dir) => dir !== 'e2e').map((dir) => `${dir}/src`)])));

// Each project on its own, a core each: one tsc at a time left the other core idle (~1.7 min in all).
// Incremental: what tsc learnt of the files that have not changed since the last run is kept in
// node_modules/.cache/tsc, so a run after a small change checks little more than that change.
await stage('typecheck', async () => {
  const cache = path.join(repo, 'node_modules/.cache/tsc');
  const results = await runEach(TYPECHECKED.map((dir) => [bin('tsc'), ['--noEmit', '--incremental', '--tsBuildInfoFile', path.join(cache, `${dir}.tsbuildinfo`), '-p', dir]]));
  return { passed: results.filter(Boolean).length, failed: results.filter((ok) => !ok).length };
});

await stage('unit', () => {
  const out = path.join(resultsDir, 'vitest.json');
  rmSync(out, { force: true });
  const projects = quick ? VITEST_PROJECTS.filter((name) => !PROJECTS_WITH_DATABASES.includes(name)).map((name) => `--project=${name}*`) : [];
  const ok = run(bin('vitest'), ['run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { TEST_DATABASE_URL: '' });
  return vitestCounts(out, ok);
});

if (process.env.TEST_DATABASE_URL) {
  await stage('postgres', () => {
    const out = path.join(resultsDir, 'vitest-postgres.json');
    rmSync(out, { force: true });
    const files = testFilesOpeningTheDatabase(repo);
    const ok = run(bin('vitest'), ['run', ...PROJECTS_WITH_DATABASES.map((name) => `--project=${name}*`), ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
    return vitestCounts(out, ok);
  });
}

await stage('e2e', () => {
  const out = path.join(resultsDir, 'e2e.json');
  rmSync(out, { force: true });
  const ok = run(bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts']);
  const report = readJson(out);
  if (!report) return check(false);
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
  const failures = (report.suites ?? []).flatMap((suite) => playwrightFailures(suite));
  return { passed: expected + flaky, failed: unexpected + (ok || unexpected ? 0 : 1), failures };
});

if (withHardening) {
  await stage('hardening', () => {
    const out = path.join(resultsDir, 'hardening.json');
    rmSync(out, { force: true });
    const ok = run(bin('tsx'), ['hardening/run.ts', '--quick'], { HARDENING_RESULTS_FILE: out });
    const report = readJson(out);
    if (!report) return check(false);
    const failures = report.rows.filter((row) => !row.held).map((row) => `${row.check}: ${row.tried} — ${row.detail.slice(0, 600)}`);
    return { passed: report.passed, failed: report.failed + (ok || report.failed ? 0 : 1), failures };
  });
}

// Repeated here, where a log cut to its last lines still shows them.
const failures = stages.flatMap(({ name, failures }) => failures.map((failure) => `${name}: ${failure}`));
if (failures.length > 0) console.log(`\n=== what failed ===\n${failures.join('\n')}`);

console.log('\n=== summary ===');
// The CPU use shows which stages keep every core busy (more parallelism cannot help them) and which wait.
for (const { name, passed, failed, minutes, cpu } of stages) {
  console.log(`${name.padEnd(12)} ${`${passed} passed, ${failed} failed`.padEnd(24)} ${`${minutes.toFixed(1)} min`.padEnd(10)} ${cpu}`);
}
const passed = stages.reduce((n, s) => n + s.passed, 0);
const failed = stages.reduce((n, s) => n + s.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
