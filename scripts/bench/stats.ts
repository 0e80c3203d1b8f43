/** Latency summaries shared by the load generators. */
export interface LatencySummary {
  p50ms: number;
  p99ms: number;
  maxMs: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Nearest-rank percentiles of `latencies` (ms), one decimal. */
export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => round1(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { p50ms: at(0.5), p99ms: at(0.99), maxMs: round1(sorted.at(-1) ?? 0) };
}

/** Counts by key, as a short text ("503×4, timeout×1") for the tables. */
export function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([k, n]) => `${k}×${n}`)
    .join(', ');
}
