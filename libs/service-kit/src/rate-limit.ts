import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in Redis, shared by every instance of a service.
 * `hit` counts an event; `peek` only reads (to refuse before doing work).
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

  async peek(id: string): Promise<RateLimitResult> {
    const key = this.key(id);
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.ttl(key)]);
    const n = Number(count ?? 0);
    return { allowed: n < this.limit, count: n, retryAfterSeconds: ttl > 0 ? ttl : this.windowSeconds };
  }

  async reset(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}
