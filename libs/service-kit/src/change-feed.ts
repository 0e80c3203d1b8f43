import type { RequestHandler } from 'express';
import pg from 'pg';
import type { Logger } from './logger';

/**
 * Follows a PostgreSQL NOTIFY channel and counts what it hears, so an instance can tell whether
 * data it answered from memory may have changed since (NOTIFY reaches every listening instance
 * when the writing transaction commits). `version` is null while the feed is not listening
 * (starting, or reconnecting after a lost connection): changes could go unseen then, so nothing
 * remembered may be used.
 */
export interface ChangeFeed {
  readonly version: number | null;
  /** A change this instance made itself: counted at once, without waiting for its notice. */
  bump(): void;
  stop(): Promise<void>;
}

export function followChanges(
  connectionString: string,
  channel: string,
  logger: Logger,
  { retryMs = 1000 }: { retryMs?: number } = {},
): ChangeFeed {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let version = 0;
  let listening = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const changed = () => {
    version++;
  };

  const lost = (from: pg.Client, err?: Error) => {
    if (client !== from) return;
    client = undefined;
    listening = false;
    changed();
    void from.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: err?.message, channel }, 'change feed lost its connection; listening again');
    retry = setTimeout(listen, retryMs);
  };

  const listen = () => {
    const next = new pg.Client({ connectionString, application_name: `${channel}-listener` });
    client = next;
    next.on('notification', changed);
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== next) return;
        // Whatever changed before LISTEN took effect is behind this version.
        changed();
        listening = true;
      })
      .catch((err: Error) => lost(next, err));
  };
  listen();

  return {
    get version() {
      return listening ? version : null;
    },
    bump: changed,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Counts every write this instance answers as a change, when it starts and again when it ends:
 * a read that began before the write committed can only be kept under a version that is already
 * past, so the writer's next read never gets an answer from before its own write.
 */
export function countWrites(feed: ChangeFeed): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      feed.bump();
      res.once('close', () => feed.bump());
    }
    next();
  };
}
