// Issue #39 point 6 through the API: one address asking for more tiles not built yet than it may have
// waiting is refused (429, Retry-After, the JSON message), while its builds run; every tile set counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CENTRE } from '@parcel-map/county-data/demo';
import { TOO_MANY_REQUESTS_MESSAGE } from '@parcel-map/shared/contracts';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rateLimits.ts';
import { startTestApp, type TestApp, type TestResponse } from '../../testing/testApp.ts';
import { lonLatToTile } from './tileMath.ts';

describe('cold tile builds per address', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ config: { tileBuilds: { runningPerKey: 1, waitingPerKey: 1 }, rateLimits: { ...DEFAULT_RATE_LIMITS, refusalDelayMs: 0 } } });
    token = await app.identity.sign('tile-flooder');
  });
  afterAll(() => app.close());

  it('refuses what is past its running and waiting builds, builds the rest, and admits it again once they are done', async () => {
    const { x, y } = lonLatToTile(DEMO_CENTRE.lng, DEMO_CENTRE.lat, 17);
    const { burst, answers } = await firstBurstRefused(([dx, dy]) => Array.from({ length: 16 }, (_, i) => `/tiles/17/${x + dx + (i % 4)}/${y + dy + Math.floor(i / 4)}.pbf`), token);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
    }
    // Done building: the refused tiles are built when asked again, one after another.
    for (const [i, answer] of answers.entries()) if (answer.status === 429) expect((await app.request(burst[i]!, { token })).status).toBe(200);
    // The base map's builds count too.
    const basemap = await firstBurstRefused(([dx, dy]) => Array.from({ length: 16 }, (_, i) => `/basemap/14/${(x >> 3) + dx + (i % 4)}/${(y >> 3) + dy + Math.floor(i / 4)}.pbf`));
    expect(basemap.answers.some((answer) => answer.status === 429)).toBe(true);
  });

  /**
   * Sixteen tiles not built yet (a block of 4 × 4 that `pathsAt` lays out at an offset), asked for at
   * once. When the machine lets each build finish before the next request is read, nothing waits and
   * nothing is refused: then the blocks beside it, until one piles up. Without the turns none is ever
   * refused.
   */
  async function firstBurstRefused(pathsAt: (offset: [dx: number, dy: number]) => string[], bearer?: string) {
    const offsets: [number, number][] = [[0, 0], [-4, 0], [4, 0], [0, -4], [0, 4]];
    let burst: string[] = [];
    let answers: TestResponse[] = [];
    for (const offset of offsets) {
      burst = pathsAt(offset);
      answers = await Promise.all(burst.map((path) => app.request(path, { token: bearer })));
      if (answers.some((answer) => answer.status === 429)) break;
    }
    return { burst, answers };
  }
});
