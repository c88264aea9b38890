// Express 5 gives every request and response its app's prototypes when it takes them
// (application.js: `Object.setPrototypeOf(req, this.request)`, the same for `res`). Changing a live
// object's prototype is one of V8's slow operations: the object moves to a new hidden class, and
// the code that handles it afterwards (Express's, and node's own http code) meets more shapes than
// it can keep fast. A server made with these classes creates its requests and responses with the
// app's prototypes from the start, which turns Express's call into a no-op (the prototype is
// already the one asked for).
// Measured with wrk as `npm run bench:tiles` runs it, on the Express tile route (`?via=express`),
// three interleaved starts of each build on a slow machine: CPU per request 319–387 → 158–178 µs
// user time, throughput 2,344–2,901 → 4,807–5,099 req/s. The cached tile hot path, which never
// reaches Express, did not change measurably (docs/performance.md).
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express } from 'express';

type MessageClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;

/**
 * Subclasses of node:http's request and response whose prototypes become the app's request and
 * response prototypes (they inherit everything `app.request` and `app.response` had, `req.app` included).
 */
export function expressPrototypedClasses(app: Express): MessageClasses {
  // Subclasses rather than constructors borrowing node's: V8 keeps one hidden class for a subclass's
  // instances, where `Reflect.construct` with a foreign new.target made a new one per request
  // (measured: the tile hot path fell from ~8,000 to ~2,500 req/s).
  class ExpressRequest extends IncomingMessage {}
  class ExpressResponse extends ServerResponse {}
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.request = ExpressRequest.prototype as Express['request'];
  app.response = ExpressResponse.prototype as Express['response'];
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as MessageClasses['ServerResponse'] };
}
