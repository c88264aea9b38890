// A fast path for parcel details in front of Express, beside the cached-tile one
// (tiles/kit/cachedTileFastPath.ts). Express's middleware chain, two routers and
// res.json cost more per request than a cached parcel record does, so this plain `http` request
// listener answers GET /api/parcels/{pin} itself when everything the route would do is already in
// memory: the bearer token was verified before and its time claims still hold
// (platform/auth/verifyBearer.ts),
// and the record is cached for the data version known to be current (platform/cache/versionedCache.ts).
// It counts against the same rate limits as the route (platform/http/rateLimits.ts).
// It sends exactly Express's answer: the headers of platform/http/responseHeaders.ts, JSON with
// Express's content type and ETag. Everything else — unknown tokens, records not cached, conditional
// requests (Express's freshness rules decide those), other methods and paths — goes to `next` unchanged.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { PIN_MAX_LENGTH, PIN_PATTERN, type ParcelDetails } from '@parcel-map/shared/contracts';
import { BEARER } from '../../platform/auth/verifyBearer.ts';
import type { Diagnostics } from '../../platform/diagnostics.ts';
import { CACHE_CONTROL, type ResponseHeaders } from '../../platform/http/responseHeaders.ts';
import type { ParcelsService } from './parcelsService.ts';

const DETAILS_ROUTE = '/api/parcels';
const DETAILS_PATH = new RegExp(`^/api/parcels/([^/?]{1,${PIN_MAX_LENGTH}})$`);
/** What res.json sends a JSON body as. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface ParcelDetailsFastPathOptions {
  parcelsService: Pick<ParcelsService, 'peekParcel'>;
  /** The subject of a token verified before (BearerVerifier.known); without it every request goes to `next`. */
  knownUser: ((token: string) => string | undefined) | undefined;
  /** Express's ETag function (app.get('etag fn')), so the ETag is the one res.json would send. */
  etag: (body: Buffer) => string;
  headers: ResponseHeaders;
  /** The details route's rate limit, run before answering (it answers 429 itself). */
  rateLimit: RequestHandler;
  diagnostics: Diagnostics;
  next: RequestListener;
}

export function createParcelDetailsFastPath(options: ParcelDetailsFastPathOptions): RequestListener {
  // As Express answers the route (app/createApp.ts: per-user routes).
  const fixed = { 'cache-control': CACHE_CONTROL.perUser, 'content-type': JSON_CONTENT_TYPE };
  // Each cached record serialised once: the cache hands out the same object until it is replaced.
  const encoded = new WeakMap<ParcelDetails, { body: Buffer; etag: string }>();

  function cachedDetail(method: string | undefined, url: string | undefined, headers: NodeJS.Dict<string | string[]>): { detail: ParcelDetails; userId: string } | undefined {
    if (method !== 'GET' || !options.knownUser || headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return undefined;
    const pin = DETAILS_PATH.exec(url ?? '')?.[1];
    if (pin === undefined || !PIN_PATTERN.test(pin)) return undefined;
    const token = BEARER.exec(String(headers.authorization ?? ''))?.[1];
    const userId = token === undefined ? undefined : options.knownUser(token);
    if (userId === undefined) return undefined;
    const detail = options.parcelsService.peekParcel(pin);
    return detail && { detail, userId };
  }

  return (req: IncomingMessage & { userId?: string }, res) => {
    const cached = cachedDetail(req.method, req.url, req.headers);
    if (!cached) {
      options.next(req, res);
      return;
    }
    // The rate limit keys on the user, as requireUser would have set it.
    req.userId = cached.userId;
    // Requests and responses are born with Express's prototypes (platform/http/expressPrototypes.ts).
    options.rateLimit(req as Request, res as Response, (error?: unknown) => {
      if (error) options.next(req, res);
      else send(req, res, cached.detail);
    });
  };

  function send(req: IncomingMessage, res: ServerResponse, detail: ParcelDetails): void {
    let answer = encoded.get(detail);
    if (!answer) {
      const body = Buffer.from(JSON.stringify(detail));
      answer = { body, etag: options.etag(body) };
      encoded.set(detail, answer);
    }
    options.diagnostics.fastPathAnswered(DETAILS_ROUTE);
    const headers = options.headers.forOrigin(req.headers.origin, fixed);
    headers['content-length'] = answer.body.length;
    headers.etag = answer.etag;
    res.writeHead(200, headers);
    res.end(answer.body);
  }
}
