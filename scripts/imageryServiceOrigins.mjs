// The origins of the imagery services an administrator added (GET /api/imagery, source 'service'):
// the host page's Content-Security-Policy allows exactly these beside the runtime config's own
// (contentSecurityPolicy.mjs). Asked of the API again before each page, by ETag so an unchanged list
// costs a 304; an API that does not answer in time leaves the last list known (none at first), so a
// page is never held up long and never allows a host nobody configured.

/** How long a page waits for the API's list before using the last one known. */
const IMAGERY_LIST_TIMEOUT_MS = 1500;

/** The distinct origins of the services' tile templates, in the list's order. */
function serviceOriginsOf(answer) {
  const origins = [];
  for (const layer of Array.isArray(answer?.imagery) ? answer.imagery : []) {
    if (layer?.source !== 'service' || typeof layer.tiles !== 'string') continue;
    let origin;
    try {
      const url = new URL(layer.tiles.replaceAll('{', '%7B').replaceAll('}', '%7D'));
      if (url.protocol === 'https:' || url.protocol === 'http:') origin = url.origin;
    } catch {
      continue;
    }
    if (origin && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/** `listUrl`: the API's GET /api/imagery as this server reaches it. */
export function createImageryServiceOrigins({ listUrl, timeoutMs = IMAGERY_LIST_TIMEOUT_MS }) {
  let known = [];
  let etag;
  let asking = null;

  const ask = async () => {
    try {
      const response = await fetch(listUrl, { headers: etag ? { 'If-None-Match': etag } : {}, signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 304) return;
      if (!response.ok) return;
      known = serviceOriginsOf(await response.json());
      etag = response.headers.get('etag') ?? undefined;
    } catch {
      // Down, slow or not JSON: the last list known stands.
    }
  };

  return {
    /** The list now, asked of the API (one question at a time, shared by the pages waiting). */
    async current() {
      asking ??= ask().finally(() => {
        asking = null;
      });
      await asking;
      return known;
    },
    /** The last list known, without asking. */
    last: () => known,
  };
}
