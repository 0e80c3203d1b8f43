import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portStripe } from './ports';

const ephemeralStart = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

const listens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('freePort', () => {
  it('hands out ports whose internal port (+1000) is free and below the range outgoing connections use, never one twice', async () => {
    const ports = [];
    for (let i = 0; i < 40; i++) ports.push(await freePort());
    const taken = ports.flatMap((port) => [port, port + 1000]);
    expect(new Set(taken).size).toBe(taken.length);
    for (const port of ports) {
      expect(port + 1000).toBeLessThan(ephemeralStart);
      expect(await listens(port + 1000)).toBe(true);
    }
  });

  it("keeps each test worker's ports and their internal ports in the worker's own stripe", async () => {
    const stripes = [0, 1, 2, 3].map(portStripe);
    for (const [i, a] of stripes.entries())
      for (const b of stripes.slice(i + 1)) expect(a.to <= b.from || b.to <= a.from).toBe(true);
    const own = portStripe(Number(process.env.VITEST_POOL_ID ?? 0));
    for (let i = 0; i < 40; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(own.from);
      expect(port + 1000).toBeLessThan(own.to);
    }
  });
});
