// Express 5 gives every request and response its app's prototypes when it takes them
// (application.js: `Object.setPrototypeOf(req, this.request)`, the same for `res`). Changing a live
// object's prototype is one of V8's slow operations: the object moves to a new hidden class, and
// the code that handles requests afterwards meets more shapes than it can keep fast. Node's own
// http internals run for every request, so that cost reached the tile hot path too. A server made
// with these classes creates its requests and responses with the app's prototypes from the start,
// which turns Express's call into a no-op (the prototype is already the one asked for).
// Measured with wrk on the Express tile route (`npm run bench:tiles`, "Express route alone"): CPU per
// request ~350–410 → ~145–180 µs user time, throughput ~2,200–2,600 → ~4,300–5,500 req/s.
import { IncomingMessage, ServerResponse, type ServerOptions } from 'node:http';
import type { Express } from 'express';

type MessageClasses = Required<Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'>>;

/** node:http's request and response classes, with `app.request` and `app.response` as their instances' prototypes. */
export function expressPrototypedClasses(app: Express): MessageClasses {
  // Function constructors, because only they let `prototype` be an existing object; Reflect.construct
  // runs node's own constructor (a class or not) with that prototype.
  function ExpressRequest(...args: ConstructorParameters<typeof IncomingMessage>) {
    return Reflect.construct(IncomingMessage, args, ExpressRequest) as IncomingMessage;
  }
  ExpressRequest.prototype = app.request;
  function ExpressResponse(...args: ConstructorParameters<typeof ServerResponse>) {
    return Reflect.construct(ServerResponse, args, ExpressResponse) as ServerResponse;
  }
  ExpressResponse.prototype = app.response;
  return {
    IncomingMessage: ExpressRequest as unknown as MessageClasses['IncomingMessage'],
    ServerResponse: ExpressResponse as unknown as MessageClasses['ServerResponse'],
  };
}
