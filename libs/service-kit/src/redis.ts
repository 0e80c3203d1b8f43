import { Redis } from 'ioredis';

export type { Redis };

/**
 * A Redis connection for the request path: a command fails within about two seconds when Redis
 * is down or stuck, so a request never hangs (and never holds a database lock) waiting for it.
 * `autoPipelining`: commands issued in the same tick go out in one write (one system call for
 * many concurrent requests' lookups instead of one each).
 */
export function createRedis(url: string, name: string, options: { autoPipelining?: boolean } = {}): Redis {
  return quietErrors(
    new Redis(url, {
      maxRetriesPerRequest: 1,
      commandTimeout: 2000,
      connectionName: name,
      enableAutoPipelining: options.autoPipelining ?? false,
    }),
  );
}

/** A connection for BullMQ queues and workers, which must wait out outages (maxRetriesPerRequest null). */
export function createQueueRedis(url: string, name: string): Redis {
  return quietErrors(new Redis(url, { maxRetriesPerRequest: null, connectionName: name }));
}

/**
 * Connection errors surface where they matter, as failed commands (answered 503); without a
 * listener ioredis would also print each reconnect failure as an unhandled error event.
 */
function quietErrors(redis: Redis): Redis {
  redis.on('error', () => undefined);
  return redis;
}
