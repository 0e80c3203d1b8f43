import path from 'node:path';
import type { ManagedStore, StoreProcess } from '../launcher/supervisor';
import { ensureSigningKeys } from './keys';
import { isListening } from './ports';
import { startEmbeddedPostgres, ensureDatabase } from './postgres';
import { startRedis } from './redis';
import { startSmtpSinkProcess } from './smtp-sink';

export const databaseName = 'medrelay';

export interface Stores {
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  jwtPrivateKeyFile: string;
  jwtPublicKeyFile: string;
  /** The stores started here, for the launcher to supervise (none of those given by URL). */
  managed: ManagedStore[];
  /** Stops what this process started (stores given by URL are left alone). */
  stop(): Promise<void>;
}

/**
 * A store started here, restartable on the same data and port: `start` runs it and says which
 * process it runs as. `stop` stops whichever process runs now.
 */
export async function managedStore(
  name: string,
  start: () => Promise<{ process: StoreProcess; stop: () => Promise<void> }>,
): Promise<ManagedStore> {
  let running = await start();
  return {
    name,
    get current() {
      return running.process;
    },
    async restart() {
      running = await start();
      return running.process;
    },
    stop: () => running.stop(),
  };
}

type Log = (store: string, line: string) => void;

async function claimPort(port: number, what: string, envName: string) {
  if (await isListening(port)) {
    throw new Error(
      `Port ${port} for ${what} is in use (another MedRelay still running?). Stop it or set ${envName}.`,
    );
  }
}

/** PostgreSQL from DATABASE_URL, else the embedded one under var/pg. */
export async function resolvePostgres(varDir: string, log: Log) {
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, managed: null, stop: async () => undefined };
  }
  const port = Number(process.env.PG_PORT ?? 54329);
  await claimPort(port, 'PostgreSQL', 'PG_PORT');
  const pg = await startEmbeddedPostgres(path.join(varDir, 'pg'), port, (line) => log('postgres', line));
  await ensureDatabase(pg.urlFor('postgres'), databaseName);
  let first = true;
  const managed = await managedStore('postgres', async () => {
    if (!first) await pg.restart();
    first = false;
    return { process: pg.process(), stop: () => pg.stop() };
  });
  return { url: pg.urlFor(databaseName), managed, stop: () => managed.stop() };
}

/**
 * Every store the platform needs: each from its URL when given, else started here with data
 * under `varDir` (embedded PostgreSQL, redis-server with AOF, the SMTP sink writing .eml files).
 */
export async function resolveStores(varDir: string, log: Log): Promise<Stores> {
  const managed: ManagedStore[] = [];
  const stopAll = async () => {
    for (const store of [...managed].reverse()) await store.stop().catch(() => undefined);
  };
  try {
    const postgres = await resolvePostgres(varDir, log);
    if (postgres.managed) managed.push(postgres.managed);

    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const port = Number(process.env.REDIS_PORT ?? 63799);
      await claimPort(port, 'Redis', 'REDIS_PORT');
      const started = await managedStore('redis', async () => {
        const redis = await startRedis(path.join(varDir, 'redis'), port, (line) => log('redis', line));
        return { process: { pid: redis.pid, exited: redis.exited }, stop: redis.stop };
      });
      managed.push(started);
      redisUrl = `redis://127.0.0.1:${port}`;
    }

    let smtpUrl = process.env.SMTP_URL;
    if (!smtpUrl) {
      const port = Number(process.env.SMTP_PORT ?? 2525);
      await claimPort(port, 'the SMTP sink', 'SMTP_PORT');
      const started = await managedStore('mail', async () => {
        const sink = await startSmtpSinkProcess(path.join(varDir, 'mail'), port, (line) => log('mail', line));
        return { process: { pid: sink.pid, exited: sink.exited }, stop: sink.stop };
      });
      managed.push(started);
      smtpUrl = `smtp://127.0.0.1:${port}`;
    }

    const keys =
      process.env.JWT_PRIVATE_KEY_FILE && process.env.JWT_PUBLIC_KEY_FILE
        ? { privateKeyFile: process.env.JWT_PRIVATE_KEY_FILE, publicKeyFile: process.env.JWT_PUBLIC_KEY_FILE }
        : ensureSigningKeys(path.join(varDir, 'keys'));

    return {
      databaseUrl: postgres.url,
      redisUrl,
      smtpUrl,
      jwtPrivateKeyFile: keys.privateKeyFile,
      jwtPublicKeyFile: keys.publicKeyFile,
      managed,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
