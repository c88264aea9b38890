// The network edge for component tests: a global fetch that answers /api/saved-parcels like the
// server does, keeps every request, and lets a test make the next answer to a route fail.
import { vi } from 'vitest';
import type { SavedParcelRecord } from '@parcel-map/shared';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Route = 'list' | 'create' | 'update' | 'delete';
/** 'error-without-message' is a failure that carries no text at all. */
type Answer = { status: number; body?: unknown } | 'network-error' | 'error-without-message' | 'hang';

export function savedRecord(overrides: Partial<SavedParcelRecord> = {}): SavedParcelRecord {
  return {
    id: 1,
    parcel_pin: '4634000001',
    parcel_owner_name: 'SMITH JOHN A',
    parcel_address: '12 LAKE RD',
    parcel_centroid_lat: 35.62,
    parcel_centroid_lon: -80.86,
    notes: null,
    created_at: '2025-01-31T12:00:00.000Z',
    ...overrides,
  };
}

export function fakeSavedParcelsApi(initial: SavedParcelRecord[] = []) {
  let records = initial.map((record) => ({ ...record }));
  let nextId = Math.max(0, ...records.map((r) => r.id)) + 1;
  const requests: RecordedRequest[] = [];
  const overrides = new Map<Route, Answer[]>();

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchMock = vi.fn(async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path: url.pathname, headers: { ...(init.headers as Record<string, string>) }, body });

    const idMatch = /^\/api\/saved-parcels\/(.+)$/.exec(url.pathname);
    const route: Route | undefined =
      url.pathname === '/api/saved-parcels'
        ? method === 'GET' ? 'list' : method === 'POST' ? 'create' : undefined
        : idMatch ? (method === 'PUT' ? 'update' : method === 'DELETE' ? 'delete' : undefined) : undefined;
    if (!route) return json(404, { message: 'Not found' });

    const override = overrides.get(route)?.shift();
    if (override === 'network-error') throw new TypeError('Failed to fetch');
    if (override === 'error-without-message') throw new Error('');
    if (override === 'hang') {
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    }
    if (override) return new Response(override.body === undefined ? null : JSON.stringify(override.body), { status: override.status });

    const id = idMatch ? Number(idMatch[1]) : NaN;
    switch (route) {
      case 'list':
        return json(200, { parcels: [...records].sort((a, b) => b.id - a.id) });
      case 'create': {
        const input = body as Omit<SavedParcelRecord, 'id' | 'created_at'>;
        if (records.some((r) => r.parcel_pin === input.parcel_pin)) return json(409, { message: 'This parcel is already in your saved list.' });
        const record = { ...input, id: nextId++, created_at: new Date().toISOString() };
        records.push(record);
        return json(201, record);
      }
      case 'update': {
        const record = records.find((r) => r.id === id);
        if (!record) return json(404, { message: 'Saved parcel not found' });
        record.notes = (body as { notes: string | null }).notes;
        return json(200, record);
      }
      case 'delete': {
        if (!records.some((r) => r.id === id)) return json(404, { message: 'Saved parcel not found' });
        records = records.filter((r) => r.id !== id);
        return new Response(null, { status: 204 });
      }
    }
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    /** The next answers of a route, in order, before it behaves normally again. */
    failNext(route: Route, ...answers: Answer[]) {
      overrides.set(route, [...(overrides.get(route) ?? []), ...answers]);
    },
    records: () => records,
    count: (method: string, path = '/api/saved-parcels') => requests.filter((r) => r.method === method && r.path === path).length,
  };
}
