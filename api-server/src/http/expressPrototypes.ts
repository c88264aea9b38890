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
// every other request pays too, the cached tile hot path's included (docs/performance.md).
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type MessageClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;
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
  return { IncomingMessage: createRequest as unknown as MessageClasses['IncomingMessage'], ServerResponse: createResponse as unknown as MessageClasses['ServerResponse'] };
}
