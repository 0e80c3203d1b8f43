import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
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
  /**
   * Calls `listener` after each count, with the count (the version, also while not listening):
   * with a notice's payload, `bump` for this instance's own change, or `lost` when notices may
   * have gone unheard (the connection was lost or is new).
   */
  onChange(listener: (change: FeedChange, version: number) => void): () => void;
  /**
   * Resolves once every notice committed before the call has been heard (a notice of its own,
   * sent and heard on the listening connection, comes after them); rejects when not listening.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export type FeedChange = { notice: string } | 'bump' | 'lost';

/** The payload prefix of `sync` notices; every listener hears them, only the sender waits for them. */
export const syncNoticePrefix = 'sync:';

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
  const listeners = new Set<(change: FeedChange, version: number) => void>();
  const changed = (change: FeedChange) => {
    version++;
    for (const listener of listeners) listener(change, version);
  };
  // Syncs sent and not yet heard, by their notice's payload.
  const syncs = new Map<string, { resolve: () => void; reject: (err: Error) => void }>();
  const instance = randomUUID();
  let syncsSent = 0;
  const failSyncs = (err: Error) => {
    for (const waiting of syncs.values()) waiting.reject(err);
    syncs.clear();
  };

  const lost = (from: pg.Client, err?: Error) => {
    if (client !== from) return;
    client = undefined;
    listening = false;
    changed('lost');
    failSyncs(new Error('The change feed lost its connection'));
    void from.end().catch(() => undefined);
    if (stopped) return;
    logger.warn({ err: err?.message, channel }, 'change feed lost its connection; listening again');
    retry = setTimeout(listen, retryMs);
  };

  const listen = () => {
    const next = new pg.Client({ connectionString, application_name: `${channel}-listener` });
    client = next;
    next.on('notification', ({ payload = '' }) => {
      changed({ notice: payload });
      const waiting = syncs.get(payload);
      if (waiting) {
        syncs.delete(payload);
        waiting.resolve();
      }
    });
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client !== next) return;
        // Whatever changed before LISTEN took effect is behind this version.
        changed('lost');
        listening = true;
      })
      .catch((err: Error) => lost(next, err));
  };
  listen();

  return {
    get version() {
      return listening ? version : null;
    },
    bump() {
      changed('bump');
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync() {
      const on = client;
      if (!listening || !on) return Promise.reject(new Error('The change feed is not listening'));
      const payload = `${syncNoticePrefix}${instance}:${++syncsSent}`;
      return new Promise<void>((resolve, reject) => {
        syncs.set(payload, { resolve, reject });
        on.query('SELECT pg_notify($1, $2)', [channel, payload]).catch((err: Error) => {
          syncs.delete(payload);
          reject(err);
        });
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      listening = false;
      failSyncs(new Error('The change feed stopped'));
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
