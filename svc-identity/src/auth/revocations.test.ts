import { authKeys } from '@medrelay/contracts';
import type { MovableClock } from '@medrelay/service-kit/clock';
import { waitForMails } from '@medrelay/testing';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// Redis lost its data while identity runs (a restart without persistence, a new instance): the
// revocations come back from PostgreSQL without anyone restarting anything, and until they are
// back no token check trusts a token (503, never 200).
let identity: TestIdentity;
let admin: { token: string };
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

const me = async (token: string) => (await identity.api.get('/api/auth/me', { token })).status;
const statuses = async (tokens: Record<string, string>) =>
  Object.fromEntries(await Promise.all(Object.entries(tokens).map(async ([k, t]) => [k, await me(t)])));
const allWith = (tokens: Record<string, string>, status: number) =>
  Object.fromEntries(Object.keys(tokens).map((k) => [k, status]));

/** What a Redis restarted without persistence holds of the session checks: nothing. */
async function forgetSessionChecks(): Promise<number> {
  const redis = identity.service.ctx.redis;
  const keys = await redis.keys(`${identity.prefix}:auth:*`);
  if (keys.length) await redis.del(...keys);
  return keys.length;
}

async function twoFactorOn(token: string): Promise<string> {
  const setup = await identity.api.post('/api/auth/two-factor/setup', undefined, { token });
  const epoch = Math.floor((identity.service.ctx.clock as MovableClock).now().getTime() / 1000);
  const code = await generate({ secret: setup.body.secret as string, epoch });
  const on = await identity.api.post(
    '/api/auth/two-factor/confirm',
    { code, password: testPassword },
    { token },
  );
  expect(on.status).toBe(200);
  return on.body.token as string;
}

describe('revocations after Redis lost its data', () => {
  it('keep every revoked token out, and are back within seconds without a restart', async () => {
    const loggedOut = await identity.signedIn('ngo');
    expect((await identity.api.post('/api/auth/logout', undefined, { token: loggedOut.token })).status).toBe(
      204,
    );

    const oneEnded = await identity.signedIn('pharmacy');
    const laptop = await identity.login(oneEnded.email);
    const ended = await identity.api.delete(`/api/auth/sessions/${decodeJwt(laptop).jti}`, {
      token: oneEnded.token,
    });
    expect(ended.status).toBe(204);

    const others = await identity.signedIn('donor');
    const othersLaptop = await identity.login(others.email);
    const kept = await identity.api.post('/api/auth/sessions/sign-out-others', undefined, {
      token: others.token,
    });

    const changed = await identity.signedIn('pharmacy');
    const changedLaptop = await identity.login(changed.email);
    const newPassword = await identity.api.put(
      '/api/auth/password',
      { currentPassword: testPassword, newPassword: 'Quartz-Meadow-4417' },
      { token: changed.token },
    );

    const reset = await identity.signedIn('ngo');
    await identity.api.post('/api/auth/password-reset/request', { email: reset.email });
    const [mail] = await waitForMails(reset.email, 1, { match: (m) => m.template === 'password-reset' });
    const link = /reset-password#token=([\w-]+)/.exec(mail!.text)![1]!;
    const done = await identity.api.post('/api/auth/password-reset/confirm', {
      token: link,
      password: 'Lantern-Cobalt-9921',
    });
    expect(done.status).toBe(200);

    const twoFactor = await identity.signedIn('donor');
    const twoFactorLaptop = await identity.login(twoFactor.email);
    const afterTwoFactor = await twoFactorOn(twoFactor.token);

    const suspended = await identity.signedIn('pharmacy');
    const suspension = await identity.api.put(
      `/api/admin/users/${suspended.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(suspension.status).toBe(200);

    const revoked = {
      logout: loggedOut.token,
      oneSessionEnded: laptop,
      signOutOthers: othersLaptop,
      signOutOthersCaller: others.token,
      passwordChange: changedLaptop,
      passwordChangeCaller: changed.token,
      reset: reset.token,
      twoFactorChange: twoFactorLaptop,
      suspension: suspended.token,
    };
    const valid = {
      oneEndedOther: oneEnded.token,
      signOutOthersNew: kept.body.token as string,
      passwordChangeNew: newPassword.body.token as string,
      twoFactorNew: afterTwoFactor,
      admin: admin.token,
    };
    expect(await statuses(revoked)).toEqual(allWith(revoked, 401));
    expect(await statuses(valid)).toEqual(allWith(valid, 200));

    expect(await forgetSessionChecks()).toBeGreaterThan(0);
    // Until identity has put them back, no revoked token passes (503: the client tries again).
    for (const [what, status] of Object.entries(await statuses(revoked)))
      expect([401, 503], `${what} right after the loss`).toContain(status);

    await expect
      .poll(() => statuses(revoked), { timeout: 15_000, message: 'refused again' })
      .toEqual(allWith(revoked, 401));
    expect(await statuses(valid)).toEqual(allWith(valid, 200));
    // The suspended account's status is back too: a token signed for it later would be refused.
    expect(await identity.service.ctx.redis.get(authKeys.status(identity.prefix, suspended.id))).toBe(
      'rejected',
    );
  });

  it('takes in what Redis held from before revocations were kept in PostgreSQL (the upgrade), then survives a loss', async () => {
    const user = await identity.signedIn('ngo');
    const { pool, redis } = identity.service.ctx;
    // As identity wrote it before: Redis alone, and no marker yet.
    await redis.set(authKeys.revokedBefore(identity.prefix, user.id), String(Date.now()));
    await pool.query('DELETE FROM identity.revoked_before WHERE user_id = $1', [user.id]);
    await redis.del(authKeys.restored(identity.prefix));
    const kept = async () =>
      (await pool.query('SELECT 1 FROM identity.revoked_before WHERE user_id = $1', [user.id])).rowCount;
    await expect.poll(kept, { timeout: 15_000, message: 'taken into PostgreSQL' }).toBe(1);
    // The restore that took it in ends by setting the marker: forgetting before then could list
    // the keys, let the restore write the marker, and delete the rest (the marker left alone).
    await expect
      .poll(() => redis.exists(authKeys.restored(identity.prefix)), { timeout: 15_000, message: 'restored' })
      .toBe(1);

    await forgetSessionChecks();
    await expect.poll(() => me(user.token), { timeout: 15_000, message: 'refused after the loss' }).toBe(401);
  });
});
