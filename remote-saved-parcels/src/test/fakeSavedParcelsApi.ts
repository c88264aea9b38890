// The saved-parcels API on the component tests' fake network (MSW): answers /api/saved-parcels like
// the server does, keeps every request, and lets a test make the next answers of a route fail.
import { delay, http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { SavedParcelRecord } from '@parcel-map/shared';
import { network, testConfig } from '@parcel-map/shared/testing';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = 'list' | 'create' | 'update' | 'tags' | 'details' | 'delete' | 'seen';
type Answer = { status: number; body?: unknown } | 'network-error' | 'hang';

const SAVED_PARCELS = `${testConfig.apiBaseUrl}/api/saved-parcels`;

export function savedRecord(overrides: Partial<SavedParcelRecord> = {}): SavedParcelRecord {
  return {
    id: 1,
    parcel_pin: '4634000001',
    parcel_owner_name: 'SMITH JOHN A',
    parcel_address: '12 LAKE RD',
    parcel_centroid_lat: 35.62,
    parcel_centroid_lon: -80.86,
    notes: null,
    tags: [],
    created_at: '2025-01-31T12:00:00.000Z',
    ...overrides,
  };
}

/** The parcel fields the details route answers for a saved record (the fake's made-up county). */
function savedParcelDetails(record: SavedParcelRecord) {
  return {
    id: record.id,
    pin: record.parcel_pin,
    name: null,
    owner: record.parcel_owner_name,
    add1: record.parcel_address,
    add2: null,
    city: 'MOORESVILLE',
    state: 'NC',
    zip: '28117',
    taxacres: record.id * 1.25,
    township: 'DAVIDSON',
    zoning: 'R-20',
    sale_date: '2020-05-01',
    sales_price: 250000 + record.id,
    mail_add1: `PO BOX ${record.id}`,
    mail_city: 'RALEIGH',
    mail_state: 'NC',
    mail_zip: '27609',
    // The county's own attributes, as an imported county's parcels have them.
    attributes: [
      { key: 'UseDescription', label: 'Land use', value: 'THREE-FM-RES' },
      { key: 'TotalAppraisedParcelValue', label: 'Appraised total value', value: 600000 + record.id, format: 'currency' },
    ],
  };
}

/** Needs `setupFakeNetwork()` in the test file. */
export function fakeSavedParcelsApi(initial: SavedParcelRecord[] = []) {
  let records = initial.map((record) => ({ ...record }));
  let nextId = Math.max(0, ...records.map((r) => r.id)) + 1;
  const requests: RecordedRequest[] = [];
  const overrides = new Map<Route, Answer[]>();

  /** Records the request, then gives the route's next failure if a test asked for one, else `answer`. */
  const route =
    (name: Route, answer: (body: unknown, id: number) => Response) =>
    async ({ request, params }: { request: StrictRequest<DefaultBodyType>; params: Record<string, string | readonly string[] | undefined> }) => {
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      requests.push({ method: request.method, path: new URL(request.url).pathname, headers: Object.fromEntries(request.headers), body });
      const override = overrides.get(name)?.shift();
      if (override === 'network-error') return HttpResponse.error();
      if (override === 'hang') return delay('infinite');
      if (override) return new HttpResponse(override.body === undefined ? null : JSON.stringify(override.body), { status: override.status });
      return answer(body, Number(params.id));
    };

  network.use(
    http.get(SAVED_PARCELS, route('list', () => HttpResponse.json({ parcels: [...records].sort((a, b) => b.id - a.id) }))),
    http.post(
      SAVED_PARCELS,
      route('create', (body) => {
        const { tags = [], ...input } = body as Omit<SavedParcelRecord, 'id' | 'created_at' | 'tags'> & { tags?: string[] };
        if (records.some((r) => r.parcel_pin === input.parcel_pin)) return HttpResponse.json({ message: 'This parcel is already in your saved list.' }, { status: 409 });
        const record = { ...input, id: nextId++, tags, created_at: new Date().toISOString() };
        records.push(record);
        return HttpResponse.json(record, { status: 201 });
      }),
    ),
    // The parcel record the server would join: made up from the saved record, a 0.001° square outline.
    http.get(
      `${SAVED_PARCELS}/details`,
      route('details', () =>
        HttpResponse.json({
          parcels: [...records]
            .sort((a, b) => b.id - a.id)
            .map((r) => {
              const [x, y] = [r.parcel_centroid_lon, r.parcel_centroid_lat];
              return {
                ...savedParcelDetails(r),
                geometry: { type: 'Polygon', coordinates: [[[x - 0.0005, y - 0.0005], [x + 0.0005, y - 0.0005], [x + 0.0005, y + 0.0005], [x - 0.0005, y + 0.0005], [x - 0.0005, y - 0.0005]]] },
              };
            }),
        }),
      ),
    ),
    http.put(
      `${SAVED_PARCELS}/:id/tags`,
      route('tags', (body, id) => {
        const record = records.find((r) => r.id === id);
        if (!record) return HttpResponse.json({ message: 'Saved parcel not found' }, { status: 404 });
        record.tags = (body as { tags: string[] }).tags;
        return HttpResponse.json(record);
      }),
    ),
    http.put(
      `${SAVED_PARCELS}/:id`,
      route('update', (body, id) => {
        const record = records.find((r) => r.id === id);
        if (!record) return HttpResponse.json({ message: 'Saved parcel not found' }, { status: 404 });
        record.notes = (body as { notes: string | null }).notes;
        return HttpResponse.json(record);
      }),
    ),
    // Every change so far is seen, as the server marks them.
    http.post(
      `${SAVED_PARCELS}/changes/seen`,
      route('seen', () => {
        records = records.map((r) => (r.changes ? { ...r, changes: r.changes.map((change) => ({ ...change, seen: true })) } : r));
        return new HttpResponse(null, { status: 204 });
      }),
    ),
    http.delete(
      `${SAVED_PARCELS}/:id`,
      route('delete', (_body, id) => {
        if (!records.some((r) => r.id === id)) return HttpResponse.json({ message: 'Saved parcel not found' }, { status: 404 });
        records = records.filter((r) => r.id !== id);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  );

  return {
    requests,
    /** The next answers of a route, in order, before it behaves normally again. */
    failNext(name: Route, ...answers: Answer[]) {
      overrides.set(name, [...(overrides.get(name) ?? []), ...answers]);
    },
    records: () => records,
    count: (method: string, path = '/api/saved-parcels') => requests.filter((r) => r.method === method && r.path === path).length,
  };
}
