// Express 5 gives every request and response its app's prototypes when it takes them
// (application.js: `Object.setPrototypeOf(req, this.request)`, the same for `res`). Changing a live
// object's prototype is one of V8's slow operations: the object moves to a new hidden class, and
// the code that handles it afterwards (Express's, and node's own http code) meets more shapes than
// it can keep fast. A server made with these constructors creates its requests and responses with the
// app's prototypes from the start, which turns Express's call into a no-op (the prototype is
// already the one asked for).
// Measured with wrk as `npm run bench:tiles` runs it, on the Express tile route (`?via=express`),
// three interleaved starts of each build on a slow machine: CPU per request 319–387 → 158–178 µs
// user time, throughput 2,344–2,901 → 4,807–5,099 req/s. How the objects are made decides what
// every other request pays too, the cached tile hot path's included (docs/performance-archive.md).
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type MessageClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;
/** More instances than V8 watches before it fixes a constructor's object size (seven). */
const SIZING_INSTANCES = 8;
/** What node's http server passes a response's constructor besides the request. */
type ServerResponseOptions = { highWaterMark?: number; rejectNonStandardBodyWrites?: boolean };

/**
 * Constructors of node:http's request and response whose instances have the app's request and
 * response prototypes (everything `app.request` and `app.response` had, `req.app` included). The
 * app's `request` and `response` become the prototypes of two subclasses of node's classes, which
 * inherit from what the app had.
 */
export function expressPrototypedClasses(app: Express): MessageClasses {
  // Node's constructors build each object, with a subclass as new.target: V8 then sizes the
  // objects for all the fields node's constructors add (a subclass counts its base class's) and
  // keeps one hidden class per subclass. The subclasses are never called themselves: V8 never kept
  // an optimized build of a subclass constructor calling node's (ES5 functions), nor of node's
  // parserOnHeadersComplete and parserOnIncoming that call it ("Bailed out due to dependency
  // change", StableMapDependency, with --trace-opt), and retried without end under load. A plain
  // function running node's on its own instance (`ServerResponse.call(this, …)`) gets room for
  // few fields; node's response then has more than V8 keeps as fast properties, and every property
  // read on every response, the hot paths' included, became a dictionary lookup.
  class AppRequest extends IncomingMessage {}
  class AppResponse extends ServerResponse {}
  Object.setPrototypeOf(AppRequest.prototype, app.request);
  Object.setPrototypeOf(AppResponse.prototype, app.response);
  app.request = AppRequest.prototype as Express['request'];
  app.response = AppResponse.prototype as Express['response'];
  function createRequest(socket: Socket): IncomingMessage {
    return Reflect.construct(IncomingMessage, [socket], AppRequest);
  }
  function createResponse(req: IncomingMessage, options?: ServerResponseOptions): ServerResponse {
    return Reflect.construct(ServerResponse, [req, options], AppResponse);
  }
  sizeInstances(createRequest, createResponse);
  return { IncomingMessage: createRequest as unknown as MessageClasses['IncomingMessage'], ServerResponse: createResponse as unknown as MessageClasses['ServerResponse'] };
}

/**
 * Makes the first instances of both classes here, all alive at once. V8 sizes a constructor's
 * objects by its first few instances: when the seventh is made, it keeps room for as many fields
 * as the hidden classes of the earlier ones reached. Left to the first requests, a full garbage
 * collection between them (the API's start-up read of the parcels makes some) could take the
 * earlier responses and their hidden classes with it: V8 then kept room for no field, and every
 * later response, with over twelve fields outside the object added by keyed stores, was born in
 * dictionary mode — one API start in five or six, its cached tiles ~15 % slower for its whole life.
 */
function sizeInstances(createRequest: (socket: Socket) => IncomingMessage, createResponse: (req: IncomingMessage, options?: ServerResponseOptions) => ServerResponse): void {
  // What node's response constructor reads of its request.
  const request = { method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1 } as IncomingMessage;
  // Held until the last is made: V8 counts the fields of the hidden classes that are still alive.
  const instances: object[] = [];
  for (let made = 0; made < SIZING_INSTANCES; made++) instances.push(createRequest(undefined as unknown as Socket), createResponse(request));
}
