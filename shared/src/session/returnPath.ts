// Where a signed-out visitor was going (a deep link such as /?pin=…), kept across the magic-link
// round trip, which may come back in another tab: hence localStorage. It serves only the sign-in
// that follows it: taken once, forgotten at logout, and stale after RETURN_PATH_LIFETIME_MS, so the
// next person to sign in on a shared browser lands on `/` (SPEC §4), not on someone else's parcel.
const RETURN_PATH_KEY = 'return_to';

/** Long enough for a magic-link round trip; a remembered path older than this is dropped. */
export const RETURN_PATH_LIFETIME_MS = 10 * 60 * 1000;

interface RememberedPath {
  path: string;
  at: number;
}

/** Only paths of this app: never another origin (no open redirect). */
function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') && !path.startsWith('/authenticate');
}

export function rememberReturnPath(path: string) {
  if (!isAppPath(path) || path === '/') return;
  const remembered: RememberedPath = { path, at: Date.now() };
  localStorage.setItem(RETURN_PATH_KEY, JSON.stringify(remembered));
}

export function forgetReturnPath() {
  localStorage.removeItem(RETURN_PATH_KEY);
}

function readRemembered(): RememberedPath | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RETURN_PATH_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { path, at } = value as Partial<RememberedPath>;
    return typeof path === 'string' && typeof at === 'number' ? { path, at } : null;
  } catch {
    return null;
  }
}

/** The remembered path, once and while fresh; '/' otherwise. */
export function takeReturnPath(): string {
  const remembered = readRemembered();
  forgetReturnPath();
  if (!remembered || !isAppPath(remembered.path)) return '/';
  const age = Date.now() - remembered.at;
  return age >= 0 && age < RETURN_PATH_LIFETIME_MS ? remembered.path : '/';
}
