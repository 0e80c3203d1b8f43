import { readFileSync } from 'node:fs';
import net from 'node:net';

// Ports are picked below the kernel's ephemeral range. A port taken from that range (bind to 0,
// close, hand out) can be grabbed by any outgoing connection before the server it was meant
// for listens: with thousands of test connections this happened in CI (EADDRINUSE on the SMTP
// sink's port in the global set-up). Outgoing connections never use a port below the range.
const LOWEST = 15_000;
const ephemeralStart = (() => {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(start) > LOWEST + 1_000 ? Number(start) : 32_768;
  } catch {
    return 32_768;
  }
})();
// Never hand out the same port twice in one process, even after its first user has stopped.
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A service without METRICS_PORT serves its internal port at its public port + 1000
 * (service-kit `internalPortFor`): that one must be outside the ephemeral range and free too (a
 * requests service given 32,026 failed to listen on 33,026, taken by an outgoing connection).
 */
const internalOffset = 1000;

/**
 * Each process of a test run picks from its own stripe of the range: `handedOut` is per process,
 * and two Vitest workers that picked the same free port each gave it to a server that listened
 * seconds later (CI: the chaos test's requests service met EADDRINUSE on 27,622). A worker's
 * stripe is its pool id (1 to maxWorkers); the main process (the global set-up) takes stripe 0,
 * and a launcher a test starts inherits its worker's. A port's internal port (+1000) stays in
 * its stripe.
 */
export function portStripe(poolId: number): { from: number; to: number } {
  const stripes = 4;
  const width = Math.floor((ephemeralStart - LOWEST) / stripes);
  const from = LOWEST + (poolId % stripes) * width;
  return { from, to: from + width };
}
const stripe = portStripe(Number(process.env.VITEST_POOL_ID ?? 0));

/** A TCP port free on loopback right now, outside the range outgoing connections take theirs from. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = stripe.from + Math.floor(Math.random() * (stripe.to - internalOffset - stripe.from));
    const internal = port + internalOffset;
    if (handedOut.has(port) || handedOut.has(internal)) continue;
    if ((await canListen(port)) && (await canListen(internal))) {
      handedOut.add(port).add(internal);
      return port;
    }
  }
  throw new Error(`No free port between ${stripe.from} and ${stripe.to - internalOffset}`);
}

/** True when something accepts connections on the port. */
export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
