import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

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
    const key = this.key(id);
    const [[, count], [, ttl]] = (await this.redis.multi().incr(key).ttl(key).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await this.redis.expire(key, this.windowSeconds);
    return { allowed: count <= this.limit, count, retryAfterSeconds: ttl > 0 ? ttl : this.windowSeconds };
  }

  /** Takes one counted event back (an attempt that turned out fine). */
  async undo(id: string): Promise<void> {
    await this.redis.decr(this.key(id));
  }

  async reset(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}
