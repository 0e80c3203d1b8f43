import { mailsTo, uniqueEmail } from '@medrelay/testing';
import { withTransaction } from '@medrelay/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';
import { sendRegistrationDigest } from './digest';
import { addRegistrationNotice } from './repo';

let identity: TestIdentity;
let admin: { token: string };
let adminEmail: string;
beforeAll(async () => {
  // The timer never fires here: the test sends each digest itself.
  identity = await startTestIdentity({ REGISTRATION_DIGEST_CHECK_MS: '3600000' });
  admin = await identity.signedIn('admin');
  adminEmail = uniqueEmail('digest-admin');
  await identity.service.ctx.settings.update({ adminEmail }, (await identity.createUser('admin')).id);
});
afterAll(() => identity.stop());

/** A pending registration with its notice, as registering leaves it. */
async function registered(label: string) {
  const user = await identity.createUser('pharmacy', 'pending', label);
  await withTransaction(identity.service.ctx.pool, (client) => addRegistrationNotice(client, user.id));
  return user;
}
const waitingNotices = async () =>
  (
    await identity.service.ctx.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity.registration_notices WHERE digested_at IS NULL',
    )
  ).rows[0]!.n;
const digestJobs = async () =>
  (
    await identity.service.ctx.pool.query<{ payload: { data: { items: Array<{ email: string }> } } }>(
      "SELECT payload FROM identity.outbox WHERE job_name = 'admin-registration-digest' ORDER BY created_at",
    )
  ).rows.map((r) => r.payload.data.items.map((i) => i.email));

describe('the registration digest', () => {
  it('lists only the accounts still waiting: one already reviewed is not "waiting for approval"', async () => {
    const approved = await registered('approved-first');
    const waiting = await registered('still-waiting');
    const rejected = await registered('rejected-first');
    for (const [user, action] of [
      [approved, 'approve'],
      [rejected, 'reject'],
    ] as const) {
      const body = action === 'reject' ? { reason: 'notEligible' } : undefined;
      const res = await identity.api.put(`/api/admin/users/${user.id}/${action}`, body, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
    }
    expect(await sendRegistrationDigest(identity.service.ctx, 0)).toBe(1);
    expect(await digestJobs()).toEqual([[waiting.email]]);
    expect(await waitingNotices()).toBe(0);
    await expect.poll(async () => (await mailsTo(adminEmail)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await mailsTo(adminEmail);
    expect(mail!.text).toContain(waiting.email);
    expect(mail!.text).not.toContain(approved.email);
  });

  it('sends nothing when every registration since the last digest was already reviewed', async () => {
    const user = await registered('reviewed');
    await identity.api.put(`/api/admin/users/${user.id}/approve`, undefined, { token: admin.token });
    expect(await sendRegistrationDigest(identity.service.ctx, 0)).toBe(0);
    expect(await digestJobs()).toHaveLength(1);
    // Taken all the same: it is not listed by a later digest either.
    expect(await waitingNotices()).toBe(0);
  });
});
