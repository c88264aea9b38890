// Issue #8 §6, independent deployment of a remote: the whole product runs (`scripts/start.mjs`), a
// signed-in browser shows the map; remote-map is then rebuilt into a directory of its own with a
// build label (REMOTE_MAP_BUILD_LABEL, shown by the map screen as data-remote-build) and served in
// place of the running remote-map server. Holds when a reload of the page shows the new label while
// the host's server kept running (same pid) on the build it had (its dist untouched).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { chromium, type Page } from 'playwright-core';
import { originOf, portsForOffset, type Ports } from '../../scripts/ports.mjs';
import { REPO, startServerProcess, waitUntilAnswering, type ServerProcess } from '../support/childProcesses.ts';
import { seededPgliteDir } from '../support/seededDataDir.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const PRODUCT_START_TIMEOUT_MS = 600_000; // start.mjs may have to build every front end first
const BUILD_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 120_000;
const BROWSER_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** The product as `npm start` runs it, on this run's ports, with the seeded test square as its data. */
async function startProduct(ports: Ports, portOffset: number, dataDir: string): Promise<ServerProcess> {
  cpSync(await seededPgliteDir(), path.join(dataDir, 'pglite'), { recursive: true });
  const product = startServerProcess(process.execPath, ['scripts/start.mjs'], {
    PARCEL_MAP_PORT_OFFSET: String(portOffset),
    PARCEL_MAP_DATA_DIR: dataDir,
    ENABLE_DEV_FAULTS: undefined,
  });
  await waitUntilAnswering(`${originOf(ports.api)}/health`, product, PRODUCT_START_TIMEOUT_MS, 'Parcel Map is ready');
  // Ports of another run on a nearby offset would leave our host serving nothing and someone else's
  // server answering in its place: make sure the host on this port is ours.
  const pids = runningPids(dataDir);
  const config = (await (await fetch(`${originOf(ports.host)}/config.json`)).json().catch(() => null)) as { apiBaseUrl?: string } | null;
  if (!isAlive(pids.host) || !isAlive(pids['remote-map']) || config?.apiBaseUrl !== originOf(ports.api)) {
    await product.stop();
    throw new Error(`the product's host or remote-map did not come up on ports ${ports.host} and ${ports.remote_map} (taken by another run?):\n${product.output()}`);
  }
  return product;
}

function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningPids(dataDir: string): Record<string, number> {
  return JSON.parse(readFileSync(path.join(dataDir, 'processes.json'), 'utf8')) as Record<string, number>;
}

/** Builds remote-map with a label into `outputDir`; the shared remote-map/dist is left alone. */
async function buildLabelledRemote(outputDir: string, label: string): Promise<void> {
  const build = spawn(path.join(REPO, 'node_modules/.bin/rspack'), ['build', '--mode', 'production', '--output-path', outputDir], {
    cwd: path.join(REPO, 'remote-map'),
    env: { ...process.env, REMOTE_MAP_BUILD_LABEL: label },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  build.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const timer = setTimeout(() => build.kill('SIGKILL'), BUILD_TIMEOUT_MS);
  const [code] = (await once(build, 'exit')) as [number | null];
  clearTimeout(timer);
  if (code !== 0) throw new Error(`remote-map build failed (exit ${code}):\n${output}`);
}

async function waitUntilRefused(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await fetch(url);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} still answers`);
}

/** Signs a new user in through the login card and local-identity's outbox, as the e2e suite does. */
async function signIn(page: Page, ports: Ports): Promise<void> {
  const email = `deploy-${Date.now()}@example.com`;
  const sentAfter = Date.now() - 1000;
  await page.goto(`${originOf(ports.host)}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Get Link' }).click();
  await page.getByText('Email sent! Check your inbox to log in.').waitFor();
  let link: string | undefined;
  const deadline = Date.now() + 30_000;
  while (!link && Date.now() < deadline) {
    const outbox = (await (await fetch(`${originOf(ports.identity)}/dev/outbox?format=json&to=${encodeURIComponent(email)}`)).json()) as {
      messages: { link: string; sentAt: string }[];
    };
    link = outbox.messages.find((message) => Date.parse(message.sentAt) >= sentAfter)?.link;
    if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!link) throw new Error(`no magic link for ${email} in the outbox`);
  await page.goto(link);
  await page.waitForURL(`${originOf(ports.host)}/`);
}

/** The map screen's build label once the map is up ('' for a build without one). */
async function shownBuildLabel(page: Page): Promise<string> {
  await page.getByTestId('map-container').waitFor();
  return (await page.locator('.map-screen').getAttribute('data-remote-build')) ?? '';
}

async function redeployRemoteMap(context: HardeningContext): Promise<HardeningOutcome> {
  const tried = 'deploy: remote-map rebuilt and redeployed while the host keeps running; a reload shows the new remote';
  const ports = portsForOffset(context.portOffset);
  const work = mkdtempSync(path.join(tmpdir(), 'parcel-map-hardening-deploy-'));
  const dataDir = path.join(work, 'data');
  mkdirSync(dataDir);
  const label = `deploy-${randomUUID().slice(0, 8)}`;
  let product: ServerProcess | undefined;
  let newRemote: ServerProcess | undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: BROWSER_ARGS });
  try {
    product = await startProduct(ports, context.portOffset, dataDir);
    const hostManifest = path.join(REPO, 'host/dist/mf-manifest.json');
    const hostBuiltAt = statSync(hostManifest).mtimeMs;
    const pidsBefore = runningPids(dataDir);
    context.log(`deploy: product up (host pid ${pidsBefore.host}, remote-map pid ${pidsBefore['remote-map']})`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await signIn(page, ports);
    const before = await shownBuildLabel(page);

    const outputDir = path.join(work, 'remote-map-dist');
    await buildLabelledRemote(outputDir, label);
    context.log(`deploy: remote-map built as '${label}' into ${outputDir}`);

    // Replace the running remote-map server with one serving the new build, as a CDN swap would.
    process.kill(pidsBefore['remote-map']!, 'SIGTERM');
    await waitUntilRefused(`${originOf(ports.remote_map)}/mf-manifest.json`);
    newRemote = startServerProcess(process.execPath, ['scripts/serveApp.mjs', outputDir, String(ports.remote_map)], {
      PARCEL_MAP_PORT_OFFSET: String(context.portOffset),
    });
    await waitUntilAnswering(`${originOf(ports.remote_map)}/mf-manifest.json`, newRemote, 60_000, 'served on');

    await page.reload();
    const after = await shownBuildLabel(page);
    const hostStillUp = (await fetch(`${originOf(ports.host)}/config.json`)).ok;
    const hostSamePid = runningPids(dataDir).host === pidsBefore.host;
    const hostNotRebuilt = statSync(hostManifest).mtimeMs === hostBuiltAt;
    const held = after === label && before !== label && hostStillUp && hostSamePid && hostNotRebuilt;
    return {
      tried,
      held,
      detail:
        `map screen build before '${before || '(none)'}', after reload '${after || '(none)'}' (expected '${label}'); ` +
        `host server ${hostSamePid && hostStillUp ? `kept running (pid ${pidsBefore.host})` : 'restarted or down'}, ` +
        `host build ${hostNotRebuilt ? 'untouched' : 'changed'}`,
    };
  } finally {
    await browser.close();
    await newRemote?.stop();
    await product?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const deploy: HardeningCheck = {
  name: 'deploy',
  async run(context) {
    return [await redeployRemoteMap(context)];
  },
};

export default deploy;
