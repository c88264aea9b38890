// One hardening check: what it tried, and whether each thing held. `npm run test:hardening` runs every
// check in hardening/checks/ and prints one table row per outcome.
export interface HardeningOutcome {
  /** What was tried, e.g. 'fuzz: 10,000 requests over every route'. */
  tried: string;
  held: boolean;
  /** Figures and evidence, e.g. '0 5xx, 0 stack traces, 2,314 4xx all with a JSON message'. */
  detail: string;
}

export interface HardeningContext {
  /** Shorter runs where the issue allows it (CI sets this); the full durations otherwise. */
  quick: boolean;
  /** PostgreSQL URL when one answers (TEST_DATABASE_URL), else undefined: checks for both modes skip the PostgreSQL half and say so. */
  postgresUrl: string | undefined;
  /** Ports for servers a check starts: PARCEL_MAP_PORT_OFFSET of this run. */
  portOffset: number;
  log: (line: string) => void;
}

export interface HardeningCheck {
  /** Short name shown in the table: 'fuzz', 'access', 'headers', 'load', 'faults', 'deploy'. */
  name: string;
  /**
   * Its rows are latencies with a budget close to what they measure (a p99 ≤ 100 ms): it runs after the
   * others, one check at a time, with the machine to itself (beside a browser, seven such rows failed
   * that hold alone). A 5 s budget met in milliseconds (faults, lifecycle, twoInstances) or in 2 s
   * (readReplicas) needs no such care.
   */
  alone?: true;
  run(context: HardeningContext): Promise<HardeningOutcome[]>;
}
