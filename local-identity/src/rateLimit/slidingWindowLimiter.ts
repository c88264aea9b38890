import type { Clock } from '../time/stytchTime.ts';

/** Allows at most `limit` hits per key in any `windowMs`; in memory, good for one dev process. */
export class SlidingWindowLimiter {
  private readonly hitsByKey = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: Clock,
  ) {}

  /** Whole seconds until `key` may be hit again (at least 1): what a refusal's Retry-After says. */
  secondsUntilFree(key: string): number {
    const oldest = this.hitsByKey.get(key)?.[0];
    if (oldest === undefined) return 1;
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now().getTime()) / 1000));
  }

  /** Records a hit and says whether it is within the limit; refused hits are not counted. */
  tryHit(key: string): boolean {
    const nowMs = this.now().getTime();
    const recent = (this.hitsByKey.get(key) ?? []).filter((hitMs) => hitMs > nowMs - this.windowMs);
    if (recent.length >= this.limit) {
      this.hitsByKey.set(key, recent);
      return false;
    }
    recent.push(nowMs);
    this.hitsByKey.set(key, recent);
    return true;
  }
}
