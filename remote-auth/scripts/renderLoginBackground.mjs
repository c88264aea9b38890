// Renders the faded still picture behind the offline login card: the self-hosted base map (the API's
// streets-local style, demo roads and parcels) drawn once by mapbox-gl in Chromium and saved as a
// compressed WebP in src/features/login/. The login path itself never loads a map library.
//
// Usage (an api-server must be running; its CORS must allow APP_ORIGIN):
//   node remote-auth/scripts/renderLoginBackground.mjs [apiBaseUrl] [appOrigin]
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright';

const apiBaseUrl = process.argv[2] ?? 'http://127.0.0.1:4000';
const appOrigin = process.argv[3] ?? 'http://127.0.0.1:3000';
const repo = path.resolve(import.meta.dirname, '../..');
const output = path.join(repo, 'remote-auth/src/features/login/loginBackground.webp');
// SPEC §2: the map opens near -80.86, 35.62; one zoom closer shows streets rather than a blur.
const VIEW = { lng: -80.86, lat: 35.62, zoom: 14 };
const SIZE = { width: 1600, height: 1000 };
const WEBP_QUALITY = 0.6;

const page_html = `<!doctype html><html><head>
<link rel="stylesheet" href="/mapbox-gl.css"><style>html,body,#map{margin:0;width:100%;height:100%}</style>
</head><body><div id="map"></div><script src="/mapbox-gl.js"></script><script>
  mapboxgl.baseApiUrl = ${JSON.stringify(apiBaseUrl)};
  const map = new mapboxgl.Map({
    container: 'map', accessToken: 'offline', style: ${JSON.stringify(`${apiBaseUrl}/styles/streets-local.json`)},
    center: [${VIEW.lng}, ${VIEW.lat}], zoom: ${VIEW.zoom}, interactive: false, attributionControl: false,
    preserveDrawingBuffer: true, localFontFamily: 'sans-serif', performanceMetricsCollection: false,
  });
  map.once('idle', () => { window.rendered = map.getCanvas().toDataURL('image/webp', ${WEBP_QUALITY}); });
</script></body></html>`;

// A real server on the app's origin (a routed page would count as a public origin, and Chromium's
// local-network rules would then block the loopback API).
const mapboxDist = path.join(repo, 'node_modules/mapbox-gl/dist');
const { hostname, port } = new URL(appOrigin);
const server = createServer((req, res) => {
  if (req.url === '/mapbox-gl.js' || req.url === '/mapbox-gl.css') {
    res.writeHead(200, { 'content-type': req.url.endsWith('.js') ? 'text/javascript' : 'text/css' });
    res.end(readFileSync(path.join(mapboxDist, req.url.slice(1))));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html' }).end(page_html);
});
await new Promise((resolve) => server.listen(Number(port), hostname, resolve));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
});
try {
  const page = await browser.newPage({ viewport: SIZE, deviceScaleFactor: 1 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));
  await page.goto(`${appOrigin}/__login-background`);
  await page.waitForFunction(() => typeof window.rendered === 'string', undefined, { timeout: 120_000 });
  const dataUrl = await page.evaluate(() => window.rendered);
  const webp = Buffer.from(dataUrl.split(',')[1], 'base64');
  writeFileSync(output, webp);
  console.log(`wrote ${path.relative(repo, output)} (${webp.length} bytes)`);
} finally {
  await browser.close();
  server.close();
}
