// CPU each party spends per call (ms), read from /proc around a scenario: what a saturated
// machine's throughput is made of (on 2 cores, capacity ≈ 2000 / the sum, in calls per second).
// CPU time, not wall time, so other load on the machine changes it far less than latencies.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

export interface Parties {
  /** Process ids by name (services, gateway); `postgres` and `redis` may list several. */
  [name: string]: number[];
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

function ticksOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0; // gone (a PostgreSQL backend that ended): its time is lost, not negative
  }
}

/** The PostgreSQL server: the postmaster and its children now (backends come and go). */
export function postgresProcesses(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children];
}

/**
 * Runs `scenario` and answers the CPU milliseconds per call of each party and of this process
 * (the load generator), `calls` being how many calls the scenario made. Backends that end during
 * the scenario lose their time, so PostgreSQL's figure is a lower bound.
 */
export async function cpuPerCall<T>(
  parties: () => Parties,
  scenario: () => Promise<T>,
  calls: (result: T) => number,
): Promise<{ result: T; msPerCall: Record<string, number> }> {
  const sample = () => {
    const ticks: Record<string, Map<number, number>> = {};
    for (const [name, pids] of Object.entries(parties()))
      ticks[name] = new Map(pids.map((pid) => [pid, ticksOf(pid)]));
    return ticks;
  };
  const before = sample();
  const client0 = process.cpuUsage();
  const result = await scenario();
  const client = process.cpuUsage(client0);
  const after = sample();
  const n = Math.max(1, calls(result));
  const msPerTick = 1000 / clockTicks();
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const msPerCall: Record<string, number> = { client: round((client.user + client.system) / 1000 / n) };
  for (const [name, now] of Object.entries(after)) {
    let spent = 0;
    for (const [pid, t] of now) spent += t - (before[name]?.get(pid) ?? 0);
    msPerCall[name] = round((spent * msPerTick) / n);
  }
  return { result, msPerCall };
}
