// Open loop: requests are due at a fixed arrival rate whatever the server does, and each latency
// is measured from when the request was due, not from when it was sent. A slow server cannot
// hide its queue behind a client that waits for it (coordinated omission), and a client held
// back by its own in-flight cap shows up as latency too.
import { countsText, summarize, type LatencySummary } from './stats';

export interface OpenLoopOptions {
  /** Arrivals per second. */
  rate: number;
  /** How long arrivals are scheduled for. */
  seconds: number;
  /** Requests in flight at most (the client's own bound); later arrivals wait their turn. */
  maxInFlight: number;
  /** A request still unanswered this long after it was due is abandoned and counted as an error. */
  timeoutMs: number;
  /** Sends request `i`; resolves with its HTTP status. Must honour `signal`. */
  send: (i: number, signal: AbortSignal) => Promise<number>;
  /** Clock in ms (performance.now by default). */
  now?: () => number;
}

export interface Sample {
  /** Times in ms from the start of the run. */
  dueMs: number;
  sentMs: number;
  doneMs: number;
  /** HTTP status, or "timeout"/"network". */
  outcome: number | 'timeout' | 'network';
}

export interface OpenLoopResult extends LatencySummary {
  rate: number;
  seconds: number;
  requests: number;
  errors: number;
  failures?: string;
  /** Answers without error per second, over the time from the first due to the last answer. */
  achievedPerSecond: number;
  /** How late the client itself sent (99th percentile): high means the client, not the server, lagged. */
  sendLagP99ms: number;
  maxInFlightSeen: number;
}

/** When request `i` is due, in ms from the start: evenly spaced at `rate` per second. */
export const dueAt = (i: number, rate: number) => (i * 1000) / rate;

export interface OpenLoopRun {
  /** One per request, in request order. */
  samples: Sample[];
  /** The most requests in flight at once. */
  peakInFlight: number;
}

/** Runs the open loop until every request is answered, abandoned or failed. */
export function runOpenLoop(options: OpenLoopOptions): Promise<OpenLoopRun> {
  const { rate, seconds, maxInFlight, timeoutMs, send } = options;
  const now = options.now ?? (() => performance.now());
  const total = Math.max(1, Math.round(rate * seconds));
  const start = now();
  const samples: Sample[] = new Array(total);
  let next = 0;
  let inFlight = 0;
  let finished = 0;
  let timer: NodeJS.Timeout | undefined;
  let peak = 0;

  return new Promise((resolve) => {
    const complete = (i: number, sentMs: number, outcome: Sample['outcome']) => {
      samples[i] = { dueMs: dueAt(i, rate), sentMs, doneMs: now() - start, outcome };
      if (++finished === total) {
        clearTimeout(timer);
        resolve({ samples, peakInFlight: peak });
      }
    };
    const pump = () => {
      clearTimeout(timer);
      while (next < total && inFlight < maxInFlight) {
        const i = next;
        const due = dueAt(i, rate);
        const t = now() - start;
        if (due > t) break;
        next++;
        if (t - due >= timeoutMs) {
          // Waited behind the cap longer than anyone would: given up without sending.
          complete(i, t, 'timeout');
          continue;
        }
        inFlight++;
        peak = Math.max(peak, inFlight);
        const signal = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs - (t - due))));
        send(i, signal)
          .then(
            (status) => complete(i, t, status),
            () => complete(i, t, signal.aborted ? 'timeout' : 'network'),
          )
          .finally(() => {
            inFlight--;
            pump();
          });
      }
      if (next < total && inFlight < maxInFlight) {
        timer = setTimeout(pump, Math.max(0, dueAt(next, rate) - (now() - start)));
      }
    };
    pump();
  });
}

/**
 * The part of a run whose requests were due from `fromMs` (included) to `toMs` (excluded): the
 * measured seconds after a warm-up are still one run, so a backlog left by the warm-up counts.
 */
export function dueBetween(run: OpenLoopRun, fromMs: number, toMs = Infinity): OpenLoopRun {
  return { ...run, samples: run.samples.filter((s) => s.dueMs >= fromMs && s.dueMs < toMs) };
}

/** The figures of an open-loop run (or of its requests due from `fromMs` on, see dueBetween). */
export function summarizeOpenLoop(
  { samples, peakInFlight }: OpenLoopRun,
  rate: number,
  seconds: number,
  fromMs = 0,
): OpenLoopResult {
  const failures: Record<string, number> = {};
  let ok = 0;
  for (const s of samples) {
    if (typeof s.outcome === 'number' && s.outcome < 400) ok++;
    else failures[String(s.outcome)] = (failures[String(s.outcome)] ?? 0) + 1;
  }
  const errors = samples.length - ok;
  const lastDone = samples.reduce((max, s) => Math.max(max, s.doneMs), 0);
  const lag = summarize(samples.map((s) => s.sentMs - s.dueMs));
  return {
    rate,
    seconds,
    requests: samples.length,
    ...summarize(samples.map((s) => s.doneMs - s.dueMs)),
    errors,
    ...(errors ? { failures: countsText(failures) } : {}),
    achievedPerSecond: Math.round((ok / Math.max(lastDone - fromMs, 1)) * 1000),
    sendLagP99ms: lag.p99ms,
    maxInFlightSeen: peakInFlight,
  };
}
