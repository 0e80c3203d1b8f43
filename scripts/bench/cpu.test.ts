import { describe, expect, it } from 'vitest';
import { cpuPerCall, postgresProcesses } from './cpu';

/** Keeps this process's CPU busy for `ms` of CPU time. */
function burn(ms: number) {
  const start = process.cpuUsage();
  let x = 0;
  while ((process.cpuUsage(start).user + process.cpuUsage(start).system) / 1000 < ms) x += Math.sqrt(x + 1);
  return x;
}

describe('CPU per call', () => {
  it("divides each party's CPU time and the client's by the calls made", async () => {
    const { result, msPerCall } = await cpuPerCall(
      () => ({ self: [process.pid] }),
      async () => {
        burn(200);
        return 10;
      },
      (calls) => calls,
    );
    expect(result).toBe(10);
    // 200 ms over 10 calls, read in clock ticks (10 ms): about 20 each.
    expect(msPerCall.self).toBeGreaterThanOrEqual(15);
    expect(msPerCall.self).toBeLessThan(60);
    expect(msPerCall.client).toBeGreaterThanOrEqual(19);
  });

  it('finds a server process and its children', () => {
    expect(postgresProcesses(process.ppid)).toEqual(expect.arrayContaining([process.ppid, process.pid]));
  });
});
