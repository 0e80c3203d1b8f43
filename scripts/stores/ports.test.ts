import { readFileSync } from 'node:fs';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './ports';

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
});
