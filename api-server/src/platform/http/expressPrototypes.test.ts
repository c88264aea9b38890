// What expressPrototypedClasses gives Express; that V8 keeps those objects fast and their constructors
// optimized is read with V8's natives in `npm run bench -- v8` (bench/v8States.bench.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, type ListeningServer } from '../../testing/listenOnLoopback.ts';
import { startTestApp, type TestApp } from '../../testing/testApp.ts';
import { expressPrototypedClasses } from './expressPrototypes.ts';

describe('expressPrototypedClasses', () => {
  let listening: ListeningServer | undefined;
  afterEach(() => listening?.close());

  it("creates requests and responses with the app's prototypes, so Express leaves them as they are", async () => {
    const app = express();
    const born = new Map<IncomingMessage | ServerResponse, object | null>();
    app.get('/items/:id', (req, res) => {
      res.json({
        requestKept: Object.getPrototypeOf(req) === born.get(req),
        responseKept: Object.getPrototypeOf(res) === born.get(res),
        isAppRequest: Object.getPrototypeOf(req) === app.request,
        // Express's own request and response API still works on them.
        id: req.params.id,
        query: req.query,
        appReached: req.app === app,
      });
    });
    const server = createServer(expressPrototypedClasses(app), (req, res) => {
      born.set(req, Object.getPrototypeOf(req)).set(res, Object.getPrototypeOf(res));
      app(req, res);
    });
    listening = await listenOnLoopback(server);

    const response = await fetch(`${listening.baseUrl}/items/42?view=full`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ requestKept: true, responseKept: true, isAppRequest: true, id: '42', query: { view: 'full' }, appReached: true });
  });
});

describe('the API server', () => {
  let api: TestApp | undefined;
  afterEach(() => api?.close());

  it("hands Express requests that already have its prototypes", async () => {
    api = await startTestApp({ seed: false });
    const prototypes: (object | null)[] = [];
    api.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => prototypes.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res)));
    expect((await api.request('/health')).status).toBe(200);
    expect(prototypes).toEqual([api.app.request, api.app.response]);
  });
});
