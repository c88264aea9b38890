// Percentiles of a list of timings (nearest rank).
export interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

export function summarize(values: number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  const r = (ms: number) => Math.round(ms * 100) / 100;
  return { p50: r(at(0.5)), p95: r(at(0.95)), p99: r(at(0.99)), max: r(sorted.at(-1) ?? 0), count: sorted.length };
}
