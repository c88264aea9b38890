// The API's environment for a load generator: every request rate limit (api-server's
// platform/http/rateLimits.ts) set beyond what one can send in a window, so a throughput run measures
// the limiter's cost per request and never meets its 429s, which are the point of a limit, not a load.
import { RATE_LIMITED_ROUTES } from '../../api-server/src/platform/http/rateLimits.ts';

const BEYOND_ANY_RUN = '1000000';

export const UNREACHED_RATE_LIMITS: Record<string, string> = Object.fromEntries(
  RATE_LIMITED_ROUTES.flatMap((route) => {
    const name = `RATE_LIMIT_${route.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
    return [
      [`${name}_PER_USER`, BEYOND_ANY_RUN],
      [`${name}_PER_ADDRESS`, BEYOND_ANY_RUN],
    ];
  }),
);
