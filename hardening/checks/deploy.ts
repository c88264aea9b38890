// Issue #8 §6, independent deployment of a remote: the whole product runs (its servers as `npm start`
// starts them, scripts/productServers.mjs), a signed-in browser shows the map; remote-map is then
// rebuilt into a directory of its own with a build label (REMOTE_MAP_BUILD_LABEL, shown by the map
// screen as data-remote-build) and served in place of the running remote-map server. Holds when a reload of the page shows the new label while
// the host's server kept running (the same process) on the build it had (its dist untouched).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { originOf, portsForOffset, type Ports } from '../../scripts/ports.mjs';
import { ensureFrontEndsBuilt, productServers, type ProductServerName } from '../../scripts/productServers.mjs';
import { launchChromium, signInThroughOutbox } from '../support/browser.ts';
import { REPO, startServerProcess, waitUntilAnswering, type ServerProcess } from '../support/childProcesses.ts';
import { seededPgliteDir } from '../support/seededDataDir.ts';
import type { HardeningCheck, HardeningContext, HardeningOutcome } from '../types.ts';

const PRODUCT_START_TIMEOUT_MS = 120_000;
const BUILD_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 120_000;

type Product = Map<ProductServerName, ServerProcess>;

/** The product's servers as `npm start` runs them, on this run's ports, with the seeded test square as its data. */
async function startProduct(ports: Ports, portOffset: number, dataDir: string): Promise<Product> {
  cpSync(await seededPgliteDir(), path.join(dataDir, 'pglite'), { recursive: true });
  ensureFrontEndsBuilt();
  const product: Product = new Map();
  try {
    for (const { name, command, args, env, prepare, readyUrl } of productServers({ dataDir, ports })) {
      await prepare?.();
      const server = startServerProcess(command, args, { ...env, PARCEL_MAP_PORT_OFFSET: String(portOffset), ENABLE_DEV_FAULTS: undefined });
      product.set(name, server);
      // Each server prints the origin it listens on: proof that this process answers, not another
      // run's on a nearby offset.
      await waitUntilAnswering(readyUrl, server, PRODUCT_START_TIMEOUT_MS, `on ${new URL(readyUrl).origin}`);
    }
  } catch (error) {
    await stopProduct(product);
    throw error;
  }
  return product;
}

async function stopProduct(product: Product): Promise<void> {
  await Promise.all([...product.values()].map((server) => server.stop()));
}

function server(product: Product, name: ProductServerName): ServerProcess {
  const found = product.get(name);
  if (!found) throw new Error(`the product has no server '${name}'`);
  return found;
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
  let product: Product | undefined;
  let newRemote: ServerProcess | undefined;
  const browser = await launchChromium();
  try {
    product = await startProduct(ports, context.portOffset, dataDir);
    const hostManifest = path.join(REPO, 'host/dist/mf-manifest.json');
    const hostBuiltAt = statSync(hostManifest).mtimeMs;
    const host = server(product, 'host');
    context.log(`deploy: product up (host pid ${host.pid}, remote-map pid ${server(product, 'remote-map').pid})`);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    await signInThroughOutbox(page, originOf(ports.host), originOf(ports.identity), 'deploy');
    const before = await shownBuildLabel(page);

    const outputDir = path.join(work, 'remote-map-dist');
    await buildLabelledRemote(outputDir, label);
    context.log(`deploy: remote-map built as '${label}' into ${outputDir}`);

    // Replace the running remote-map server with one serving the new build, as a CDN swap would.
    await server(product, 'remote-map').stop();
    newRemote = startServerProcess(process.execPath, ['scripts/serveApp.mjs', outputDir, String(ports.remote_map)], {
      PARCEL_MAP_PORT_OFFSET: String(context.portOffset),
    });
    await waitUntilAnswering(`${originOf(ports.remote_map)}/mf-manifest.json`, newRemote, 60_000, 'served on');

    await page.reload();
    const after = await shownBuildLabel(page);
    const hostStillUp = (await fetch(`${originOf(ports.host)}/config.json`)).ok;
    const hostKeptRunning = host.isRunning();
    const hostNotRebuilt = statSync(hostManifest).mtimeMs === hostBuiltAt;
    const held = after === label && before !== label && hostStillUp && hostKeptRunning && hostNotRebuilt;
    return {
      tried,
      held,
      detail:
        `map screen build before '${before || '(none)'}', after reload '${after || '(none)'}' (expected '${label}'); ` +
        `host server ${hostKeptRunning && hostStillUp ? `kept running (pid ${host.pid})` : 'restarted or down'}, ` +
        `host build ${hostNotRebuilt ? 'untouched' : 'changed'}`,
    };
  } finally {
    await browser.close();
    await newRemote?.stop();
    if (product) await stopProduct(product);
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
