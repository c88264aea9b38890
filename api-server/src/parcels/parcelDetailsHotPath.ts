// A fast path for parcel details in front of Express, beside the cached-tile one (issue #4 point 6:
// details throughput ≥ half the cached tile route's). Express's middleware chain, two routers and
// res.json cost more per request than a cached parcel record does, so this plain `http` request
// listener answers GET /api/parcels/{pin} itself when everything the route would do is already in
// memory: the bearer token was verified before and its time claims still hold (auth/verifyBearer.ts),
// and the record is cached for the data version known to be current (tiles/versionedCache.ts). It
// sends exactly Express's answer: helmet's and CORS headers, JSON with Express's content type and
// ETag. Everything else — unknown tokens, records not cached, conditional requests (Express's
// freshness rules decide those), other methods and paths — goes to `next` unchanged.
import type { RequestListener } from 'node:http';
import type { RequestHandler } from 'express';
import { BEARER } from '../auth/verifyBearer.ts';
import { createHotPathHeaders } from '../tiles/tileHotPath.ts';
import { PIN_PATTERN, type ParcelDetail } from './parcelsSchema.ts';
import type { ParcelsService } from './parcelsService.ts';

const DETAILS_PATH = /^\/api\/parcels\/([^/?]{1,64})$/;
/** What res.json sends a JSON body as. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ParcelDetailsHotPathOptions {
  parcelsService: Pick<ParcelsService, 'peekParcel'>;
  /** The subject of a token verified before (BearerVerifier.known); without it every request goes to `next`. */
  knownUser: ((token: string) => string | undefined) | undefined;
  /** Express's ETag function (app.get('etag fn')), so the ETag is the one res.json would send. */
  etag: (body: Buffer) => string;
  corsOrigins: readonly string[];
  securityHeaders: RequestHandler;
  next: RequestListener;
}

export interface ParcelDetailsHotPath {
  listener: RequestListener;
  /** Requests answered by the hot path (tests read it). */
  readonly hits: number;
}

export function createParcelDetailsHotPath(options: ParcelDetailsHotPathOptions): ParcelDetailsHotPath {
  const headersFor = createHotPathHeaders(options.securityHeaders, options.corsOrigins, { 'content-type': JSON_CONTENT_TYPE });
  // Each cached record serialised once: the cache hands out the same object until it is replaced.
  const encoded = new WeakMap<ParcelDetail, { body: Buffer; etag: string }>();
  let hits = 0;

  const listener: RequestListener = (req, res) => {
    const detail = cachedDetail(req.method, req.url, req.headers);
    if (!detail) {
      options.next(req, res);
      return;
    }
    let answer = encoded.get(detail);
    if (!answer) {
      const body = Buffer.from(JSON.stringify(detail));
      answer = { body, etag: options.etag(body) };
      encoded.set(detail, answer);
    }
    hits += 1;
    const headers = headersFor(req.headers.origin);
    headers['content-length'] = answer.body.length;
    headers.etag = answer.etag;
    res.writeHead(200, headers);
    res.end(answer.body);
  };

  function cachedDetail(method: string | undefined, url: string | undefined, headers: NodeJS.Dict<string | string[]>): ParcelDetail | undefined {
    if (method !== 'GET' || !options.knownUser || headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return undefined;
    const pin = DETAILS_PATH.exec(url ?? '')?.[1];
    if (pin === undefined || !PIN_PATTERN.test(pin)) return undefined;
    const token = BEARER.exec(String(headers.authorization ?? ''))?.[1];
    if (token === undefined || options.knownUser(token) === undefined) return undefined;
    return options.parcelsService.peekParcel(pin);
  }

  return {
    listener,
    get hits() {
      return hits;
    },
  };
}
