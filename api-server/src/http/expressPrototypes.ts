// Express 5 gives every request and response its app's prototypes when it takes them
// (application.js: `Object.setPrototypeOf(req, this.request)`, the same for `res`). Changing a live
// object's prototype is one of V8's slow operations: the object moves to a new hidden class, and
// the code that handles it afterwards (Express's, and node's own http code) meets more shapes than
// it can keep fast. A server made with these constructors creates its requests and responses with the
// app's prototypes from the start, which turns Express's call into a no-op (the prototype is
// already the one asked for).
// Measured with wrk as `npm run bench:tiles` runs it, on the Express tile route (`?via=express`),
// three interleaved starts of each build on a slow machine: CPU per request 319–387 → 158–178 µs
// user time, throughput 2,344–2,901 → 4,807–5,099 req/s. The cached tile hot path, which never
// reaches Express, did not change measurably (docs/performance.md).
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type MessageClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;
/** What node's http server passes a response's constructor besides the request. */
type ServerResponseOptions = { highWaterMark?: number; rejectNonStandardBodyWrites?: boolean };
type Es5Constructor<Args extends unknown[]> = { call(self: object, ...args: Args): void };

/**
 * Constructors of node:http's request and response whose instances have the app's request and
 * response prototypes (everything `app.request` and `app.response` have, `req.app` included).
 */
export function expressPrototypedClasses(app: Express): MessageClasses {
  // Plain constructor functions that run node's (ES5 functions) on their own instance, with the
  // app's objects as their prototypes. Not `class extends IncomingMessage`: V8 then never kept an
  // optimized build of the subclass constructors, nor of node's parserOnHeadersComplete and
  // parserOnIncoming that call them; each try was thrown away ("Bailed out due to dependency
  // change", StableMapDependency, with --trace-opt) and retried, hundreds of times under load. Not
  // `Reflect.construct` with a foreign new.target either: V8 made a new hidden class per request.
  function ExpressRequest(this: IncomingMessage, socket: Socket): void {
    (IncomingMessage as unknown as Es5Constructor<[Socket]>).call(this, socket);
  }
  function ExpressResponse(this: ServerResponse, req: IncomingMessage, options?: ServerResponseOptions): void {
    (ServerResponse as unknown as Es5Constructor<[IncomingMessage, ServerResponseOptions | undefined]>).call(this, req, options);
  }
  ExpressRequest.prototype = app.request;
  ExpressResponse.prototype = app.response;
  return { IncomingMessage: ExpressRequest as unknown as MessageClasses['IncomingMessage'], ServerResponse: ExpressResponse as unknown as MessageClasses['ServerResponse'] };
}
