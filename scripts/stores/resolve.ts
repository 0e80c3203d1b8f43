import path from 'node:path';
import { ensureSigningKeys } from './keys';
import { isListening } from './ports';
import { startEmbeddedPostgres, ensureDatabase } from './postgres';
import { startRedis } from './redis';
import { startSmtpSink } from './smtp-sink';

export const databaseName = 'medrelay';

export interface Stores {
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  jwtPrivateKeyFile: string;
  jwtPublicKeyFile: string;
  /** Stops what this process started (stores given by URL are left alone). */
  stop(): Promise<void>;
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
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const port = Number(process.env.PG_PORT ?? 54329);
  await claimPort(port, 'PostgreSQL', 'PG_PORT');
  const pg = await startEmbeddedPostgres(path.join(varDir, 'pg'), port, (line) => log('postgres', line));
  await ensureDatabase(pg.urlFor('postgres'), databaseName);
  return { url: pg.urlFor(databaseName), stop: () => pg.stop() };
}

/**
 * Every store the platform needs: each from its URL when given, else started here with data
 * under `varDir` (embedded PostgreSQL, redis-server with AOF, the SMTP sink writing .eml files).
 */
export async function resolveStores(varDir: string, log: Log): Promise<Stores> {
  const stops: Array<() => Promise<void>> = [];
  try {
    const postgres = await resolvePostgres(varDir, log);
    stops.push(postgres.stop);

    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      const port = Number(process.env.REDIS_PORT ?? 63799);
      await claimPort(port, 'Redis', 'REDIS_PORT');
      const redis = await startRedis(path.join(varDir, 'redis'), port, (line) => log('redis', line));
      stops.push(redis.stop);
      redisUrl = redis.url;
    }

    let smtpUrl = process.env.SMTP_URL;
    if (!smtpUrl) {
      const port = Number(process.env.SMTP_PORT ?? 2525);
      await claimPort(port, 'the SMTP sink', 'SMTP_PORT');
      const sink = await startSmtpSink(path.join(varDir, 'mail'), port, (line) => log('mail', line));
      stops.push(sink.stop);
      smtpUrl = sink.url;
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
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw err;
  }
}
