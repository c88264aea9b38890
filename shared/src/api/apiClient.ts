// The one HTTP client of the product's data calls (SPEC §7 'Calls made', §8 error catalogue).

export const REQUEST_TIMEOUT_MS = 60_000;
/**
 * Not in SPEC (docs/decisions.md): fetch rejects a request that never reached the server with a
 * TypeError whose text differs by browser ('Failed to fetch', 'NetworkError when…', 'Load failed').
 */
export const SERVER_UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';
/** The extra token header the generic helper sends beside the bearer token (SPEC §7). */
export const SESSION_TOKEN_HEADER = 'X-Session-Token';

const JSON_TYPE = 'application/json';

export class ApiError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export interface ApiRequest {
  baseUrl: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  token: string | null;
  /** Calls that act for a user fail early without a token. */
  requireAuth?: boolean;
  /** The answer's type to ask for (JSON by default); any other comes back as the body's text. */
  accept?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The generic JSON helper (SPEC §7–§8) behind every RTK Query endpoint: JSON in, JSON out.
 * Non-OK answers: the server's message, else 'API error: {status}'.
 */
export async function apiRequest<T>(request: ApiRequest): Promise<T | undefined> {
  const { response, timeout } = await send(request);
  if (response.status === 204) return undefined;

  const text = await readText(response, timeout);
  if (!response.ok) {
    throw new ApiError(serverMessage(text) ?? `API error: ${response.status}`, response.status);
  }
  if (request.accept !== undefined && request.accept !== JSON_TYPE) return text as T;
  if (text.trim() === '') throw new ApiError('Empty response received from API', response.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('Invalid JSON response', response.status);
  }
}

/**
 * SPEC §8 'Authenticated fetch failure': for authenticated calls whose answer is not a JSON document
 * the client parses (a file, a stream), the caller gets the Response itself. Always requires a
 * token. Non-OK answers: the server's message, else 'Request failed with status {status}'.
 */
export async function authenticatedFetch(request: Omit<ApiRequest, 'requireAuth'>): Promise<Response> {
  const { response, timeout } = await send({ ...request, requireAuth: true });
  if (!response.ok) {
    const text = await readText(response, timeout).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      return '';
    });
    throw new ApiError(serverMessage(text) ?? `Request failed with status ${response.status}`, response.status);
  }
  return response;
}

/** What both helpers share: the token headers, credentials, the 60 s timeout and 401. */
async function send(request: ApiRequest): Promise<{ response: Response; timeout: AbortSignal }> {
  const { baseUrl, path, method = 'GET', body, token, requireAuth = false, timeoutMs = REQUEST_TIMEOUT_MS, accept = JSON_TYPE } = request;
  if (requireAuth && !token) throw new ApiError('User not authenticated');

  const headers: Record<string, string> = { Accept: accept };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    headers[SESSION_TOKEN_HEADER] = token;
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError('Request timed out. The server took too long to respond.');
    // A caller's own abort rejects with an AbortError, which goes back as it came.
    if (error instanceof TypeError) throw new ApiError(SERVER_UNREACHABLE_MESSAGE);
    throw error;
  }
  if (response.status === 401) throw new ApiError('Authentication required', 401);
  return { response, timeout };
}

/** The body; the 60 s limit covers it too, so a stalled body is a timeout like a stalled answer. */
async function readText(response: Response, timeout: AbortSignal): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    if (timeout.aborted) throw new ApiError('Request timed out. The server took too long to respond.', response.status);
    throw error;
  }
}

/** The `message` of a JSON error answer, if it has one. */
export function serverMessage(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: fall back to the status line.
  }
  return undefined;
}
