// What every API answer must be, whatever was sent (issue #8 point 2): never a 5xx, never a stack
// trace or a source path in the body, and a 4xx always a JSON `{message}` the client can show.
import type { TestResponse } from '../../api-server/src/testing/testApp.ts';

// A V8 stack frame ("at fn (file:12:5)"), or a path into the server's own code.
const STACK_TRACE = /\bat [^\s()]+ \([^)]*:\d+:\d+\)|\bat (?:file:\/\/)?\/[^\s:]+:\d+:\d+|node_modules\/|\/src\/[\w/.-]+\.(?:ts|js|mjs):\d+/;

/** Bodies that are text (JSON, HTML, plain), as opposed to gzipped tiles. */
function textBody(response: TestResponse): string | undefined {
  if (response.headers['content-encoding'] && response.headers['content-encoding'] !== 'identity') return undefined;
  const type = response.headers['content-type'] ?? '';
  if (type.includes('protobuf') || type.includes('octet-stream')) return undefined;
  return response.body.toString('utf8');
}

export function hasStackTrace(response: TestResponse): boolean {
  const text = textBody(response);
  return text !== undefined && STACK_TRACE.test(text);
}

function hasJsonMessage(response: TestResponse): boolean {
  const json = response.json as { message?: unknown } | undefined;
  return typeof json?.message === 'string' && json.message.length > 0;
}

/** The first rule the response breaks, or undefined. HEAD answers carry no body to hold a message. */
export function brokenRule(response: TestResponse, method = 'GET'): string | undefined {
  if (response.status >= 500) return `answered ${response.status}`;
  if (hasStackTrace(response)) return 'stack trace in the body';
  if (response.status >= 400 && method !== 'HEAD' && !hasJsonMessage(response)) return `${response.status} without a JSON message`;
  return undefined;
}
