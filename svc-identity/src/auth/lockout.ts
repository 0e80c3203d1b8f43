import type { Redis } from '@medrelay/service-kit';

/**
 * Sign-in throttling that keeps brute force out without letting a stranger lock someone out
 *. Two counters in Redis, shared by every instance:
 *
 * - per account **and** address: the first `freeFailures` failures cost nothing; from then on
 *   that address must wait before trying that account again, the wait doubling with each
 *   further failure (`baseDelayMs` … `maxDelayMs`). Other addresses, and other accounts behind
 *   the same address (an office, a carrier's NAT), are not affected.
 * - per account, across addresses: `lockFailures` failures within `lockWindowSeconds` (many
 *   addresses guessing one account: a distributed attack) lock it everywhere for `lockMs`.
 *
 * An attempt is claimed atomically _before_ the password is checked, so parallel guesses cannot
 * slip past; a refused attempt checks no password and counts nowhere. A browser the account
 * knows (device cookie) is never locked out by others' failures: the guesser is slowed,
 * the owner is not.
 */
export interface LockoutPolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long an address's failures on an account are remembered after the last one. */
  pairMemorySeconds: number;
  lockFailures: number;
  lockWindowSeconds: number;
  lockMs: number;
}

export type Claim =
  { allowed: true } | { allowed: false; reason: 'wait' | 'locked'; retryAfterSeconds: number };

/**
 * KEYS: pair hash {n, until}, account lock. ARGV: now (ms), free failures, base delay, max
 * delay, pair memory (s), 'known' for a known device (the account's lock does not apply). The claim counts the attempt as a failure in advance and starts the
 * wait it would cause; a success deletes the pair (`succeeded`).
 */
const claimScript = `
local lockTtl = redis.call('PTTL', KEYS[2])
if lockTtl > 0 and ARGV[6] ~= 'known' then return {'locked', lockTtl} end
local now = tonumber(ARGV[1])
local waitUntil = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if waitUntil > now then return {'wait', waitUntil - now} end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
local free = tonumber(ARGV[2])
if n >= free then
  local delay = math.min(tonumber(ARGV[3]) * math.pow(2, n - free), tonumber(ARGV[4]))
  redis.call('HSET', KEYS[1], 'until', string.format('%d', now + delay))
end
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {'go', n}`;

/**
 * KEYS: account failures, account lock. ARGV: lock threshold, window (s), lock (ms). Returns 1
 * when this failure locked the account (once per lock: the counter starts again).
 */
const failureScript = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if c >= tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return 1
end
return 0`;

export class SignInLockout {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: LockoutPolicy,
  ) {}

  /**
   * `device` is the browser's key when it is known to the account: its failures are
   * its own, whatever address it comes from, and a lock caused by others does not apply to it.
   */
  private keys(email: string, address: string, device: string | null = null) {
    const account = email.trim().toLowerCase();
    return {
      pair: `${this.prefix}:login:pair:${account}|${device ? `device:${device}` : address}`,
      failures: `${this.prefix}:login:failures:${account}`,
      lock: `${this.prefix}:login:lock:${account}`,
    };
  }

  async claim(
    email: string,
    address: string,
    device: string | null = null,
    now = Date.now(),
  ): Promise<Claim> {
    const { pair, lock } = this.keys(email, address, device);
    const p = this.policy;
    const [state, value] = (await this.redis.eval(
      claimScript,
      2,
      pair,
      lock,
      now,
      p.freeFailures,
      p.baseDelayMs,
      p.maxDelayMs,
      p.pairMemorySeconds,
      device ? 'known' : '',
    )) as [string, number];
    if (state === 'go') return { allowed: true };
    return {
      allowed: false,
      reason: state === 'locked' ? 'locked' : 'wait',
      retryAfterSeconds: Math.max(1, Math.ceil(value / 1000)),
    };
  }

  /** A wrong password (or unknown e-mail): counts towards the lock; true when it locked now. */
  async failed(email: string, address: string): Promise<boolean> {
    const { failures, lock } = this.keys(email, address);
    const p = this.policy;
    const locked = await this.redis.eval(
      failureScript,
      2,
      failures,
      lock,
      p.lockFailures,
      p.lockWindowSeconds,
      p.lockMs,
    );
    return locked === 1;
  }

  /**
   * The right password from this address: its failures on this account are forgiven. The
   * account-wide count is not (an attack from elsewhere goes on while the owner signs in).
   */
  async succeeded(email: string, address: string, device: string | null = null): Promise<void> {
    await this.redis.del(this.keys(email, address, device).pair);
  }
}
