// /api/markups on the component tests' fake network (MSW), answering like the server (the list a
// page at a time): keeps every request, and lets a test make the next answer of a route fail.
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import type { Markup } from '@parcel-map/shared';
import { MARKUPS_PAGE_SIZE, type MarkupPage } from '@parcel-map/shared/contracts';
import { network, testConfig } from '@parcel-map/shared/testing';
import type { RecordedRequest } from './fakeSavedParcelsApi.ts';

type Route = 'list' | 'create' | 'update' | 'delete';
const MARKUPS = `${testConfig.apiBaseUrl}/api/markups`;

export function markupRecord(overrides: Partial<Markup> = {}): Markup {
  return {
    id: 1,
    name: 'Fence line',
    color: '#1971c2',
    geometry: { type: 'LineString', coordinates: [[-80.86, 35.62], [-80.859, 35.62]] },
    visible: true,
    created_at: '2026-11-27T12:00:00.000Z',
    ...overrides,
  };
}

/** Needs `setupFakeNetwork()` in the test file. */
export function fakeMarkupsApi(initial: Markup[] = []) {
  let markups = initial.map((markup) => ({ ...markup }));
  let nextId = Math.max(0, ...markups.map((m) => m.id)) + 1;
  const requests: RecordedRequest[] = [];
  const failures = new Map<Route, { status: number; body: { message: string } }>();

  const route =
    (name: Route, answer: (body: unknown, id: number, query: URLSearchParams) => Response) =>
    async ({ request, params }: { request: StrictRequest<DefaultBodyType>; params: Record<string, string | readonly string[] | undefined> }) => {
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const url = new URL(request.url);
      requests.push({ method: request.method, path: url.pathname + url.search, headers: Object.fromEntries(request.headers), body });
      const failure = failures.get(name);
      failures.delete(name);
      if (failure) return HttpResponse.json(failure.body, { status: failure.status });
      return answer(body, Number(params.id), url.searchParams);
    };
  const notFound = () => HttpResponse.json({ message: 'Markup not found' }, { status: 404 });

  network.use(
    http.get(
      MARKUPS,
      route('list', (_body, _id, query) => {
        const before = Number(query.get('before') ?? Infinity);
        const older = [...markups].sort((a, b) => b.id - a.id).filter((m) => m.id < before);
        const page = older.slice(0, MARKUPS_PAGE_SIZE);
        return HttpResponse.json({ markups: page, next_before: older.length > MARKUPS_PAGE_SIZE ? page.at(-1)!.id : null } satisfies MarkupPage);
      }),
    ),
    http.post(
      MARKUPS,
      route('create', (body) => {
        const input = body as Pick<Markup, 'name' | 'color' | 'geometry' | 'note'>;
        const markup: Markup = { ...input, name: input.name.trim(), note: input.note ?? null, id: nextId++, visible: true, created_at: new Date().toISOString() };
        markups.push(markup);
        return HttpResponse.json(markup, { status: 201 });
      }),
    ),
    http.patch(
      `${MARKUPS}/:id`,
      route('update', (body, id) => {
        const markup = markups.find((m) => m.id === id);
        if (!markup) return notFound();
        Object.assign(markup, body);
        return HttpResponse.json(markup);
      }),
    ),
    http.delete(
      `${MARKUPS}/:id`,
      route('delete', (_body, id) => {
        if (!markups.some((m) => m.id === id)) return notFound();
        markups = markups.filter((m) => m.id !== id);
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  );

  return {
    requests,
    /** The route's next answer is this failure. */
    failNext(name: Route, status: number, body: { message: string }) {
      failures.set(name, { status, body });
    },
    markups: () => markups,
  };
}
