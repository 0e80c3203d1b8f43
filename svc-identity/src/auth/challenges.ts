import { createHash, randomBytes } from 'node:crypto';
import { authKeys } from '@medrelay/contracts';
import { twoFactorLimits } from '@medrelay/domain/two-factor';
import type { Redis } from '@medrelay/service-kit';

/** A sign-in whose password was right and that waits for its next step. */
export interface SignInChallenge {
  userId: number;
  deviceKey: string;
  stage: 'second-factor' | 'enrol';
  /** The password no longer meets the policy: the finished sign-in says so. */
  weak: boolean;
}

/**
 * Challenges live in Redis (every instance sees them) under the SHA-256 of their secret, for
 * `challengeSeconds`; a wrong code counts against `codeTriesPerChallenge`, after which the
 * sign-in starts again from the password (which the lock-out throttles).
 */
export class SignInChallenges {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(secret: string) {
    return `${this.prefix}:login:challenge:${createHash('sha256').update(secret).digest('base64url')}`;
  }

  async create(challenge: SignInChallenge): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    await this.redis
      .multi()
      .hset(this.key(secret), {
        ...challenge,
        weak: challenge.weak ? '1' : '0',
        tries: '0',
        createdAt: String(Date.now()),
      })
      .expire(this.key(secret), twoFactorLimits.challengeSeconds)
      .exec();
    return secret;
  }

  /**
   * The challenge, or null when it is not of this stage, expired, or older than the account's last
   * "end every session" (a password reset or change, a suspension): a sign-in started with the
   * old password does not finish after the owner reset it.
   */
  async read(secret: string, stage: SignInChallenge['stage']): Promise<SignInChallenge | null> {
    const fields = await this.redis.hgetall(this.key(secret));
    if (fields.stage !== stage || !fields.userId) return null;
    const endedAt = Number(
      (await this.redis.get(authKeys.revokedBefore(this.prefix, Number(fields.userId)))) ?? 0,
    );
    if (Number(fields.createdAt ?? 0) <= endedAt) return null;
    return { userId: Number(fields.userId), deviceKey: fields.deviceKey!, stage, weak: fields.weak === '1' };
  }

  /**
   * Takes one of the challenge's tries before its code is checked, so parallel codes count too:
   * the try's number, or null when the challenge is gone or has used its tries (it is then ended).
   */
  async claimTry(secret: string): Promise<number | null> {
    const key = this.key(secret);
    const [[, tries], [, live]] = (await this.redis
      .multi()
      .hincrby(key, 'tries', 1)
      .hexists(key, 'userId')
      .exec()) as [[Error | null, number], [Error | null, number]];
    // A challenge that expired meanwhile: the count just made a hash of its own (no expiry); gone.
    if (live && tries <= twoFactorLimits.codeTriesPerChallenge) return tries;
    await this.redis.del(key);
    return null;
  }

  /** Try number `tries` was a wrong code; false when that was the last try (the challenge is ended). */
  async failed(secret: string, tries: number): Promise<boolean> {
    if (tries < twoFactorLimits.codeTriesPerChallenge) return true;
    await this.redis.del(this.key(secret));
    return false;
  }

  /** Ends the challenge; false when another call ended it first (one session per challenge). */
  async finish(secret: string): Promise<boolean> {
    return (await this.redis.del(this.key(secret))) === 1;
  }
}
