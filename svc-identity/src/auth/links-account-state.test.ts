import { uniqueEmail, waitForMails, type ReceivedMail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// E-mailed links follow the account: an address change or a suspension ends the links asked for
// before it, and a link of a suspended account, or one sent to an old address, opens nothing.
let identity: TestIdentity;
let admin: { token: string };
beforeAll(async () => {
  identity = await startTestIdentity({ LINK_MAILS_PER_ACCOUNT: '10' });
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

const tokenIn = (mail: ReceivedMail, page: string) =>
  new RegExp(`${page}#token=([\\w-]+)`).exec(mail.text)![1]!;
const newPassword = 'Delta-Barrage-2031';

// A link goes through two queues (the request's job, then its e-mail): on a loaded CI machine six at
// once took more than the default 15 s to arrive.
const linkMailWaitMs = 40_000;
async function resetLink(email: string) {
  await identity.api.post('/api/auth/password-reset/request', { email });
  const [mail] = await waitForMails(email, 1, {
    match: (m) => m.template === 'password-reset',
    timeoutMs: linkMailWaitMs,
  });
  return tokenIn(mail!, '/reset-password');
}
async function unlockLink(email: string) {
  await identity.api.post('/api/auth/unlock/request', { email });
  const [mail] = await waitForMails(email, 1, {
    match: (m) => m.template === 'account-locked-owner',
    timeoutMs: linkMailWaitMs,
  });
  return tokenIn(mail!, '/unlock');
}
/** Asks to move the account to `next` and answers the link sent there. */
async function emailChangeLink(token: string, next: string) {
  const asked = await identity.api.put('/api/auth/email', { email: next, password: testPassword }, { token });
  expect(asked.status).toBe(202);
  const [mail] = await waitForMails(next, 1, { match: (m) => m.template === 'email-verification' });
  return tokenIn(mail!, '/verify-email');
}

const reset = (token: string) =>
  identity.api.post('/api/auth/password-reset/confirm', { token, password: newPassword });
const invalid = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];
const setStatus = (id: number, status: 'approved' | 'rejected') =>
  identity.api.put(`/api/admin/users/${id}/status`, { status }, { token: admin.token });
const signsInWith = async (email: string, password: string) =>
  (await identity.api.post('/api/auth/login', { email, password })).status;

describe('links after an e-mail change', { timeout: 90_000 }, () => {
  it('retires the reset and unlock links sent to the old address; a reset to the new one works', async () => {
    const user = await identity.createUser('pharmacy');
    const token = await identity.login(user.email);
    const oldReset = await resetLink(user.email);
    const oldUnlock = await unlockLink(user.email);
    const next = uniqueEmail('moved');
    const opened = await identity.api.post('/api/auth/email/verify', {
      token: await emailChangeLink(token, next),
    });
    expect(opened.status).toBe(200);

    const refused = await identity.api.post(
      '/api/auth/password-reset/confirm',
      { token: oldReset, password: newPassword },
      { headers: { 'accept-language': 'ar' } },
    );
    expect(invalid(refused)).toEqual([400, 'LINK_INVALID']);
    expect(refused.body.message).toContain('اللينك ده مبقاش صالح');
    expect(invalid(await identity.api.post('/api/auth/unlock', { token: oldUnlock }))).toEqual([
      400,
      'LINK_INVALID',
    ]);
    expect(await signsInWith(next, testPassword)).toBe(200);
    expect((await reset(await resetLink(next))).status).toBe(200);
    expect(await signsInWith(next, newPassword)).toBe(200);
  });

  it('refuses a reset link whose address is not the account’s any more, even one never retired', async () => {
    const user = await identity.createUser('donor');
    const link = await resetLink(user.email);
    // The address changed without the links being retired (a link asked for before this rule).
    await identity.service.ctx.pool.query('UPDATE identity.users SET email = $2 WHERE id = $1', [
      user.id,
      uniqueEmail('elsewhere'),
    ]);
    expect(invalid(await reset(link))).toEqual([400, 'LINK_INVALID']);
    const { rows } = await identity.service.ctx.pool.query(
      "SELECT used_at FROM identity.account_links WHERE user_id = $1 AND purpose = 'password-reset'",
      [user.id],
    );
    expect(rows.map((r) => r.used_at)).toEqual([null]);
  });
});

describe('links of a suspended account', { timeout: 90_000 }, () => {
  it('a reset link issued before the suspension opens nothing, then or after the reinstatement', async () => {
    const user = await identity.createUser('ngo');
    const link = await resetLink(user.email);
    expect((await setStatus(user.id, 'rejected')).status).toBe(200);
    expect(invalid(await reset(link))).toEqual([400, 'LINK_INVALID']);
    expect((await setStatus(user.id, 'approved')).status).toBe(200);
    expect(invalid(await reset(link))).toEqual([400, 'LINK_INVALID']);
    // The password is the owner's own still.
    expect(await signsInWith(user.email, testPassword)).toBe(200);
    expect(await signsInWith(user.email, newPassword)).toBe(401);
  });

  it('a reset racing a suspension either finishes before it or is refused, never both nor an error', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => identity.createUser('donor')));
    const links = await Promise.all(users.map((u) => resetLink(u.email)));
    const answers = await Promise.all(
      users.map(async (u, i) => {
        const [used, suspended] = await Promise.all([reset(links[i]!), setStatus(u.id, 'rejected')]);
        return [used.status, suspended.status];
      }),
    );
    for (const [used, suspended] of answers) {
      expect([200, 400]).toContain(used);
      expect(suspended).toBe(200);
    }
    const { rows } = await identity.service.ctx.pool.query(
      'SELECT count(*)::int AS open FROM identity.account_links WHERE user_id = ANY($1) AND used_at IS NULL',
      [users.map((u) => u.id)],
    );
    expect(rows[0].open).toBe(0);
  });

  it('a pending e-mail change and an unlock link end with the suspension', async () => {
    const user = await identity.createUser('pharmacy');
    const token = await identity.login(user.email);
    const next = uniqueEmail('taker');
    const change = await emailChangeLink(token, next);
    const unlock = await unlockLink(user.email);
    expect((await setStatus(user.id, 'rejected')).status).toBe(200);
    expect((await setStatus(user.id, 'approved')).status).toBe(200);
    expect(invalid(await identity.api.post('/api/auth/email/verify', { token: change }))).toEqual([
      400,
      'LINK_INVALID',
    ]);
    expect(invalid(await identity.api.post('/api/auth/unlock', { token: unlock }))).toEqual([
      400,
      'LINK_INVALID',
    ]);
    expect(await signsInWith(user.email, testPassword)).toBe(200);
    expect(await signsInWith(next, testPassword)).toBe(401);
  });

  it('refuses any link while the account is rejected, even one never retired', async () => {
    const user = await identity.createUser('donor');
    const token = await identity.login(user.email);
    const links = {
      reset: await resetLink(user.email),
      unlock: await unlockLink(user.email),
      change: await emailChangeLink(token, uniqueEmail('late')),
    };
    // Rejected without the links being retired (a suspension before this rule).
    await identity.service.ctx.pool.query("UPDATE identity.users SET status = 'rejected' WHERE id = $1", [
      user.id,
    ]);
    expect(invalid(await reset(links.reset))).toEqual([400, 'LINK_INVALID']);
    expect(invalid(await identity.api.post('/api/auth/unlock', { token: links.unlock }))).toEqual([
      400,
      'LINK_INVALID',
    ]);
    expect(invalid(await identity.api.post('/api/auth/email/verify', { token: links.change }))).toEqual([
      400,
      'LINK_INVALID',
    ]);
  });
});
