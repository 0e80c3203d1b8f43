import { Redis } from 'ioredis';

export type { Redis };

/** A Redis connection usable by BullMQ (which needs maxRetriesPerRequest null) and by plain commands. */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
    connectionName: name,
    lazyConnect: false,
  });
}
