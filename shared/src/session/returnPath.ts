// Where a signed-out visitor was going (a deep link such as /?pin=…), kept across the magic-link
// round trip, which may come back in another tab: hence localStorage.
const RETURN_PATH_KEY = 'return_to';

/** Only paths of this app: never another origin (no open redirect). */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') && !path.startsWith('/authenticate');
}

export function rememberReturnPath(path: string) {
  if (isAppPath(path) && path !== '/') localStorage.setItem(RETURN_PATH_KEY, path);
}

/** The remembered path, once; '/' when there is none. */
export function takeReturnPath(): string {
  const path = localStorage.getItem(RETURN_PATH_KEY);
  localStorage.removeItem(RETURN_PATH_KEY);
  return path && isAppPath(path) ? path : '/';
}
