import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/** Counts one event and starts the window on the first; one round trip, atomic. */
const hitScript = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

/** Takes one event back, never below zero and never on a window that has already ended. */
const undoScript = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * A fixed-window counter in Redis, shared by every instance of a service. `hit` counts an
 * event atomically and says whether it is within the limit.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  private key(id: string) {
    return `${this.prefix}:rl:${id}`;
  }

  async hit(id: string): Promise<RateLimitResult> {
    const [count, ttl] = (await this.redis.eval(hitScript, 1, this.key(id), this.windowSeconds)) as [
      number,
      number,
    ];
    return { allowed: count <= this.limit, count, retryAfterSeconds: ttl > 0 ? ttl : this.windowSeconds };
  }

  /** The events counted in the current window, without counting one. */
  async peek(id: string): Promise<RateLimitResult> {
    const [count, ttl] = await Promise.all([this.redis.get(this.key(id)), this.redis.ttl(this.key(id))]);
    const n = Number(count ?? 0);
    return { allowed: n < this.limit, count: n, retryAfterSeconds: ttl > 0 ? ttl : this.windowSeconds };
  }

  /** Takes one counted event back (an attempt that turned out fine, or was refused anyway). */
  async undo(id: string): Promise<void> {
    await this.redis.eval(undoScript, 1, this.key(id));
  }

  async reset(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}
