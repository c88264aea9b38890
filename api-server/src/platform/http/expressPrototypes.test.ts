import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { promisify } from 'node:util';
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

  // With `class AppRequest extends IncomingMessage` called as a constructor, V8 threw away every optimized build
  // (StableMapDependency) and retried without end; with a plain function calling node's on its own instance, every
  // response was in dictionary mode. V8's own trace, %HasFastProperties and %HaveSameMap tell.
  it('makes objects V8 keeps fast, with optimized builds of the constructors and of the parser callbacks that call them', async () => {
    const fixture = new URL('./expressPrototypes.fixture.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--trace-opt', '--allow-natives-syntax', fixture, '4000'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = stdout.split('\n');
    const traced = (outcome: string) =>
      lines.filter((line) => line.startsWith(`[${outcome} optimizing`) && /<JSFunction (createRequest|createResponse|parserOnHeadersComplete|parserOnIncoming) /.test(line));
    expect(traced('aborted')).toEqual([]);
    expect(traced('completed').some((line) => line.includes('<JSFunction createResponse '))).toBe(true);
    const dictionaryMode = lines.find((line) => line.startsWith('DICTIONARY_MODE '));
    expect(JSON.parse(dictionaryMode?.slice('DICTIONARY_MODE '.length) ?? 'null')).toEqual({ requests: 0, responses: 0 });
    // A foreign new.target that is not a subclass gave each response a hidden class of its own.
    expect(lines.find((line) => line.startsWith('NEW_SHAPES '))).toBe('NEW_SHAPES 0');
  });

  // Sized by the first requests' responses, a full collection between them left V8 room for no field, and
  // every later response was born in dictionary mode (one API start in five or six).
  it('keeps responses fast when a full garbage collection comes between the first requests', async () => {
    const fixture = new URL('./expressPrototypes.fixture.ts', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--allow-natives-syntax', '--expose-gc', fixture, '400', 'collect-early']);
    const dictionaryMode = stdout.split('\n').find((line) => line.startsWith('DICTIONARY_MODE '));
    expect(JSON.parse(dictionaryMode?.slice('DICTIONARY_MODE '.length) ?? 'null')).toEqual({ requests: 0, responses: 0 });
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
