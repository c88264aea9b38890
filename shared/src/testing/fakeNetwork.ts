// The network edge of the component tests: MSW answers their requests as the servers would, so the
// product's own fetch calls run unchanged.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, onTestFinished } from 'vitest';

/** This test file's fake network: `network.use(...)` adds a test's handlers until the test ends. */
export const network = setupServer();

/** Real servers a test starts itself (local-identity in remote-auth's tests) listen on loopback. */
const isLoopback = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';

/**
 * Turns the fake network on for the calling test file. A request that no handler answers fails the
 * test that made it, unless it goes to a server on loopback that the test started itself.
 */
export function setupFakeNetwork() {
  const unhandled: string[] = [];
  beforeAll(() =>
    network.listen({
      onUnhandledRequest: (request) => {
        if (!isLoopback(new URL(request.url))) unhandled.push(`${request.method} ${request.url}`);
      },
    }),
  );
  afterEach(() => {
    network.resetHandlers();
    expect(unhandled.splice(0), 'requests no handler answered').toEqual([]);
  });
  afterAll(() => network.close());
}

/** What a test asserts on about a request; plain fields, so that a failure shows them readably. */
export interface SentRequest {
  method: string;
  path: string;
  /** The query string, with its '?', or ''. */
  search: string;
  headers: Headers;
}

/**
 * Every request sent from now until the calling test ends, answered or not: what a test asserts
 * on (headers, or that nothing was asked at all) without a handler of its own.
 */
export function recordRequests(): SentRequest[] {
  const requests: SentRequest[] = [];
  const record = ({ request }: { request: Request }) =>
    void requests.push({ method: request.method, path: new URL(request.url).pathname, search: new URL(request.url).search, headers: request.headers });
  network.events.on('request:start', record);
  onTestFinished(() => network.events.removeListener('request:start', record));
  return requests;
}

/**
 * An answer the test lets through when it chooses, to see the page while a request is in flight:
 * a handler returns `answer()`, the test calls `release(response)`.
 */
export function heldAnswer() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => response, release };
}
