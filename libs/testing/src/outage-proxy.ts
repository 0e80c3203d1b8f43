import net from 'node:net';

/**
 * A TCP relay in front of one of the run's stores (PostgreSQL, Redis, the SMTP sink), so a test
 * can take that store away from the code under test without stopping it for every other test
 * file: `cut()` closes the listening port and every relayed connection (the client sees the
 * same as a killed store: its connections end, new ones are refused), `restore()` listens again
 * on the same port. `url` is the store's URL with the relay's port.
 */
export interface OutageProxy {
  url: string;
  port: number;
  /** Connections the relay accepted since it started. */
  readonly accepted: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function outageProxy(storeUrl: string): Promise<OutageProxy> {
  const target = new URL(storeUrl);
  const targetPort = Number(target.port);
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(targetPort, target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Either side ending ends the pair, as a store that went away would.
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).on('close', () => client.destroy());
    upstream.pipe(client).on('close', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  const url = new URL(storeUrl);
  url.port = String(port);
  const cut = async () => {
    if (!server.listening) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  return {
    url: url.toString(),
    port,
    get accepted() {
      return accepted;
    },
    cut,
    async restore() {
      if (!server.listening) await listen(port);
    },
    close: cut,
  };
}
