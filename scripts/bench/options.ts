/**
 * `npm run bench -- [--scale N] [--scan-scale M] [--export-scale E] [--rate R] [--seconds S] [--no-bundles]`.
 * Without --scale: the quick run (sign-in, /api/auth/me, settings, downloads). With it: N
 * listings seeded and the browse, /my and expiry-scan scenarios; --scan-scale seeds up to M
 * listings before the scan only. --export-scale seeds E custody entries (E/4 requests, and E/4
 * listings without --scale) and times Export Data's pages and download (bench/export.ts).
 */
export interface BenchOptions {
  scale: number | null;
  scanScale: number | null;
  exportScale: number | null;
  /** Closed-loop scenarios: seconds each, and connections. */
  seconds: number;
  connections: number;
  /**
   * Open loop: arrivals per second, for how long they are measured after `warmSeconds` of the
   * same arrivals (reported apart: a live platform's lists are warm), and the client's in-flight cap.
   */
  rate: number;
  openSeconds: number;
  warmSeconds: number;
  /** Listing writes a second during a second open loop (0: none). */
  writesPerSecond: number;
  maxInFlight: number;
  bundles: boolean;
}

const numeric: Record<string, { key: keyof BenchOptions; min: number; max: number }> = {
  '--scale': { key: 'scale', min: 100, max: 10_000_000 },
  '--scan-scale': { key: 'scanScale', min: 100, max: 10_000_000 },
  '--export-scale': { key: 'exportScale', min: 100, max: 10_000_000 },
  '--rate': { key: 'rate', min: 1, max: 20_000 },
  '--seconds': { key: 'seconds', min: 1, max: 600 },
  '--open-seconds': { key: 'openSeconds', min: 1, max: 600 },
  '--warm-seconds': { key: 'warmSeconds', min: 0, max: 600 },
  '--writes-per-second': { key: 'writesPerSecond', min: 0, max: 1000 },
  '--connections': { key: 'connections', min: 1, max: 1000 },
  '--max-in-flight': { key: 'maxInFlight', min: 1, max: 5000 },
};

export function parseBenchOptions(args: readonly string[], env: NodeJS.ProcessEnv = {}): BenchOptions {
  const options: BenchOptions = {
    scale: null,
    scanScale: null,
    exportScale: null,
    seconds: Number(env.BENCH_SECONDS ?? 5),
    connections: Number(env.BENCH_CONNECTIONS ?? 50),
    rate: 500,
    openSeconds: 10,
    warmSeconds: 10,
    writesPerSecond: 5,
    maxInFlight: 200,
    bundles: true,
  };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined];
    if (flag === '--no-bundles') {
      options.bundles = false;
      continue;
    }
    const spec = numeric[flag];
    if (!spec)
      throw new Error(
        `Unknown option ${flag} (options: ${[...Object.keys(numeric), '--no-bundles'].join(', ')})`,
      );
    const text = inline ?? args[++i];
    const value = /^\d+$/.test(text ?? '') ? Number(text) : NaN;
    if (!(value >= spec.min && value <= spec.max)) {
      throw new Error(
        `${flag} takes a whole number from ${spec.min} to ${spec.max} (got ${text ?? 'nothing'})`,
      );
    }
    (options[spec.key] as number) = value;
  }
  if (options.scanScale !== null && (options.scale === null || options.scanScale < options.scale)) {
    throw new Error('--scan-scale needs --scale, and at least as many listings');
  }
  return options;
}
