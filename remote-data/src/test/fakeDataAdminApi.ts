// The administrators' API on the component tests' fake network (MSW): answers /api/admin like the
// server does — data set versions, rollback, removal, the initial view, import jobs that a test
// moves from state to state, overlay versions, overlay and imagery imports — and keeps every request.
import { delay, http, HttpResponse } from 'msw';
import type { DatasetVersionsAnswer, ImageryImportBody, ImageryImportReport, ImportJob, ImportReport, OverlayImportBody, OverlayImportReport, OverlayVersion } from '@parcel-map/shared';
import { network, testConfig } from '@parcel-map/shared/testing';

const ADMIN = `${testConfig.apiBaseUrl}/api/admin`;

type Version = DatasetVersionsAnswer['versions'][number];
type Route =
  | 'limits' | 'datasets' | 'rollback' | 'republish' | 'remove' | 'initialView' | 'create' | 'upload' | 'validate' | 'job' | 'publish' | 'discard'
  | 'overlays' | 'overlayRollback' | 'overlayRemove' | 'overlayImport' | 'imageryImport';
type Answer = { status: number; body?: unknown } | 'network-error' | 'hang';

export function datasetVersion(overrides: Partial<Version> = {}): Version {
  return {
    name: 'demo-county',
    version: 1,
    current: true,
    parcels: 56000,
    rejected: 0,
    source: 'Generated demo county',
    licence: 'CC0',
    asOf: '2025-01-01',
    publishedAt: '2025-01-31T12:00:00.000Z',
    bbox: [-80.95, 35.55, -80.8, 35.7],
    file: null,
    publishedBy: null,
    changes: null,
    ...overrides,
  };
}

function importReport(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    file: 'parcels.geojson',
    format: 'GeoJSON',
    crs: 'EPSG:4326',
    dryRun: true,
    refusal: null,
    dataset: { name: 'cambridge-ma', id: null, version: null, sourceName: 'City of Cambridge', licence: 'ODC-BY', asOf: '2014-01-01' },
    features: 3,
    imported: 2,
    repaired: 1,
    rejected: 1,
    rejectedByReason: { 'no PIN': 0, 'invalid PIN': 0, 'duplicate PIN': 1, 'bad geometry': 0, 'PIN in another data set': 0 },
    rejections: [{ feature: 3, pin: '101-1', reason: 'duplicate PIN', detail: 'PIN 101-1 is also feature 1' }],
    join: { file: '/tmp/parcel-map-imports/job-1/TaxFY14.csv', rows: 2, keysWithSeveralRows: 0, pick: 'first', matched: 2, unmatched: 0 },
    taxAcres: { fromMapping: 2, computedFromGeometry: 0 },
    warnings: [],
    placeholders: [{ field: 'SaleDate', count: 1047, examples: ['1/1/1900', '3/13/1899'] }],
    nonParcels: [{ feature: 2018, pin: 'ROAD', kind: 'road' }, { feature: 4384, pin: 'ROAD', kind: 'road', storedPin: 'ROAD_2' }],
    outsized: [{ feature: 2018, pin: 'ROAD', covers: 988, kind: 'road' }],
    timings: { readMs: 1, prepareMs: 1, writeMs: 0, totalMs: 2 },
    parcelsPerSecond: 1000,
    ...overrides,
  };
}

export function overlayVersion(overrides: Partial<OverlayVersion> = {}): OverlayVersion {
  return {
    name: 'flood-zones',
    version: 1,
    current: true,
    label: 'Flood zones (FEMA 100-year)',
    geometryType: 'polygon',
    context: null,
    style: { colour: '#74a9cf' },
    shownAttributes: ['fld_zone'],
    features: 34,
    rejected: 0,
    source: 'City of Cambridge, MA GIS',
    licence: 'PDDL 1.0',
    asOf: null,
    publishedAt: '2025-02-01T09:30:00.000Z',
    bbox: [-71.16, 42.35, -71.06, 42.4],
    ...overrides,
  };
}

/** The report the fake answers an overlay import: what the body asked, 3 features, 1 repaired, 1 rejected. */
export function overlayImportReport(body: OverlayImportBody, overrides: Partial<OverlayImportReport> = {}): OverlayImportReport {
  return {
    file: body.file,
    format: 'GeoJSON',
    crs: 'EPSG:4326',
    dryRun: body.dryRun ?? false,
    refusal: null,
    overlay: { name: body.overlay, label: body.label ?? 'Flood zones (FEMA 100-year)', version: null, geometryType: 'polygon', context: null, sourceName: 'City of Cambridge, MA GIS', licence: 'PDDL 1.0' },
    features: 3,
    imported: 2,
    repaired: 1,
    rejected: 1,
    rejections: [{ feature: 2, detail: 'a line in a polygon overlay' }],
    timings: { totalMs: 5 },
    ...overrides,
  };
}

/** The report the fake answers an imagery import: what the body asked, as the Chicago sample reads. */
function imageryImportReport(body: ImageryImportBody): ImageryImportReport {
  return {
    file: body.file,
    format: 'JPEG/JPEG JFIF',
    imagery: { name: body.imagery, label: body.label ?? body.imagery, version: 1, year: body.year ?? null },
    crs: body.crs ?? 'NAD27 / Illinois East',
    resolution: '32.8 US survey foot',
    width: 699,
    height: 929,
    bands: 1,
    nodata: null,
    bbox: [-87.66744, 41.83298, -87.58234, 41.91711],
    minzoom: 10,
    maxzoom: 14,
    tileFormat: 'webp',
    sourceBytes: 180_000,
    storedBytes: 520_000,
    timings: { totalMs: 2300 },
  };
}

const square = (x: number) => ({
  type: 'Feature',
  properties: { pin: `p${x}` },
  geometry: { type: 'Polygon', coordinates: [[[x, 0], [x + 0.001, 0], [x + 0.001, 0.001], [x, 0.001], [x, 0]]] },
});

/** Needs `setupFakeNetwork()` in the test file. */
export function fakeDataAdminApi({ versions = [datasetVersion()], overlays = [] as OverlayVersion[], maxUploadBytes = 500 * 1024 * 1024 } = {}) {
  let list = versions.map((version) => ({ ...version }));
  let overlayList = overlays.map((version) => ({ ...version }));
  const requests: { method: string; path: string; body: unknown }[] = [];
  const overrides = new Map<Route, Answer[]>();
  let job: ImportJob | null = null;
  /** What the next GET of the job answers, in order; the last one stays. */
  const jobAnswers: Partial<ImportJob>[] = [];

  const route =
    (name: Route, answer: (args: { body: unknown; params: Record<string, string> }) => Response | Promise<Response>) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const isJson = request.headers.get('Content-Type')?.includes('json');
      const text = isJson ? await request.text() : '';
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ method: request.method, path: new URL(request.url).pathname, body });
      const override = overrides.get(name)?.shift();
      if (override === 'network-error') return HttpResponse.error();
      if (override === 'hang') return delay('infinite');
      if (override) return new HttpResponse(override.body === undefined ? null : JSON.stringify(override.body), { status: override.status, headers: { 'Content-Type': 'application/json' } });
      return answer({ body, params: params as Record<string, string> });
    };

  const newJob = (): ImportJob => ({ id: 'job-1', state: 'uploading', files: [], progress: null, report: null, sample: null, mapping: null, error: null });

  network.use(
    http.get(`${ADMIN}/limits`, route('limits', () => HttpResponse.json({ maxUploadBytes, bundledMappings: ['cambridge_fy2014'], bundledOverlayMappings: ['cambridge_flood_zones', 'cambridge_roads'] }))),
    http.get(`${ADMIN}/datasets`, route('datasets', () => HttpResponse.json({ dataVersion: 3, versions: list }))),
    http.post(
      `${ADMIN}/datasets/:name/rollback`,
      route('rollback', ({ params }) => {
        const mine = list.filter((v) => v.name === params.name).sort((a, b) => b.version - a.version);
        const current = mine.find((v) => v.current)!;
        const earlier = mine.find((v) => v.version < current.version);
        if (!earlier) return HttpResponse.json({ message: `Data set '${params.name}' has no earlier version to roll back to` }, { status: 409 });
        // The version rolled back from is kept, to be published again.
        list = list.map((v) => (v.name === params.name ? { ...v, current: v === earlier } : v));
        return HttpResponse.json({ ...earlier, current: true });
      }),
    ),
    http.post(
      `${ADMIN}/datasets/:name/versions/:version/publish`,
      route('republish', ({ params }) => {
        const served = list.find((v) => v.name === params.name && v.version === Number(params.version));
        if (!served) return HttpResponse.json({ message: `Data set '${params.name}' keeps no version ${params.version}` }, { status: 404 });
        list = list.map((v) => (v.name === params.name ? { ...v, current: v === served } : v));
        return HttpResponse.json({ ...served, current: true });
      }),
    ),
    http.delete(
      `${ADMIN}/datasets/:name`,
      route('remove', ({ params }) => {
        list = list.filter((v) => v.name !== params.name);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.put(`${ADMIN}/initial-view`, route('initialView', () => HttpResponse.json({ initialView: { bounds: [-80.95, 35.55, -80.8, 35.7] } }))),
    http.post(
      `${ADMIN}/imports`,
      route('create', () => {
        job = newJob();
        return HttpResponse.json(job, { status: 201 });
      }),
    ),
    http.put(
      `${ADMIN}/imports/:id/files/:name`,
      route('upload', async ({ params }) => {
        job = { ...(job ?? newJob()), files: [...(job?.files ?? []), { name: decodeURIComponent(params.name!), bytes: 10 }] };
        return HttpResponse.json(job);
      }),
    ),
    http.post(
      `${ADMIN}/imports/:id/validate`,
      route('validate', () => {
        job = { ...job!, state: 'validating', progress: { phase: 'reading', done: 0, total: 3 } };
        return HttpResponse.json(job, { status: 202 });
      }),
    ),
    http.get(
      `${ADMIN}/imports/:id`,
      route('job', () => {
        const next = jobAnswers.length > 1 ? jobAnswers.shift()! : jobAnswers[0];
        if (next) job = { ...job!, ...next };
        return HttpResponse.json(job);
      }),
    ),
    http.post(
      `${ADMIN}/imports/:id/publish`,
      route('publish', () => {
        job = { ...job!, state: 'publishing', progress: { phase: 'writing', done: 0, total: 2 } };
        return HttpResponse.json(job, { status: 202 });
      }),
    ),
    http.delete(`${ADMIN}/imports/:id`, route('discard', () => new HttpResponse(null, { status: 204 }))),
    http.get(`${ADMIN}/overlays`, route('overlays', () => HttpResponse.json({ dataVersion: 3, versions: overlayList }))),
    // The imagery services' own tests (imageryServices/) fake their routes; the page lists none here.
    http.get(`${ADMIN}/imagery-services`, () => HttpResponse.json({ services: [] })),
    http.post(
      `${ADMIN}/overlays/:name/rollback`,
      route('overlayRollback', ({ params }) => {
        const mine = overlayList.filter((v) => v.name === params.name).sort((a, b) => b.version - a.version);
        const current = mine.find((v) => v.current)!;
        const earlier = mine.find((v) => v.version < current.version)!;
        overlayList = overlayList.filter((v) => v !== current).map((v) => (v === earlier ? { ...v, current: true } : v));
        return HttpResponse.json({ ...earlier, current: true });
      }),
    ),
    http.delete(
      `${ADMIN}/overlays/:name`,
      route('overlayRemove', ({ params }) => {
        overlayList = overlayList.filter((v) => v.name !== params.name);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    // As the server: the report in one answer; published (not a dry run), the overlay's next version is listed.
    http.post(
      `${ADMIN}/imports/:id/overlay`,
      route('overlayImport', ({ body }) => {
        const asked = body as OverlayImportBody;
        job = null;
        if (asked.dryRun) return HttpResponse.json(overlayImportReport(asked));
        const version = Math.max(0, ...overlayList.filter((v) => v.name === asked.overlay).map((v) => v.version)) + 1;
        overlayList = [overlayVersion({ name: asked.overlay, version, features: 2, rejected: 1 }), ...overlayList.map((v) => (v.name === asked.overlay ? { ...v, current: false } : v))];
        return HttpResponse.json(overlayImportReport(asked, { overlay: { ...overlayImportReport(asked).overlay, version } }));
      }),
    ),
    http.post(
      `${ADMIN}/imports/:id/imagery`,
      route('imageryImport', ({ body }) => {
        job = null;
        return HttpResponse.json(imageryImportReport(body as ImageryImportBody));
      }),
    ),
  );

  return {
    requests,
    failNext(name: Route, ...answers: Answer[]) {
      overrides.set(name, [...(overrides.get(name) ?? []), ...answers]);
    },
    /** The job's states the next polls see, in order. */
    jobWillBe(...states: Partial<ImportJob>[]) {
      jobAnswers.push(...states);
    },
    readyJob(overrides: Partial<ImportJob> = {}): Partial<ImportJob> {
      return {
        state: 'ready',
        progress: null,
        report: importReport(),
        sample: { type: 'FeatureCollection', features: [square(0), square(0.002)], bbox: [0, 0, 0.003, 0.001] },
        mapping: {
          dataset: { sourceName: 'City of Cambridge', licence: 'ODC-BY' },
          fields: { PIN: 'ML', CITY: { const: 'CAMBRIDGE' }, TaxAcres: { from: 'LandArea', divide: 43560 }, saleDate: { from: 'SaleDate', date: 'M/D/YYYY' } },
          join: { file: 'TaxFY14.csv', featureKey: 'ML', csvKey: 'ML' },
          attributes: { show: [{ from: 'TotalAppraisedParcelValue', label: 'Appraised total value', format: 'currency' }, 'StyleDesc'], hidden: ['UYEAR', 'Editor'] },
        },
        ...overrides,
      };
    },
    versions: () => list,
    overlays: () => overlayList,
    count: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path).length,
  };
}
