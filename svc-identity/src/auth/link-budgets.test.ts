import { mailsTo, uniqueEmail } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, testPassword, type TestIdentity } from '../testing';

// The e-mails anyone can ask for by typing an address (reset, unlock): a stranger typing the
// owner's address uses up a budget of its own, never the owner's. Default budgets: 3 an hour per
// account and address, 10 an hour per account, each kind apart.
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity.stop());

/** A request from an address, with a browser's device cookie if given. */
const ask = (kind: 'password-reset' | 'unlock', email: string, address: string, cookie?: string) =>
  identity.api.post(
    `/api/auth/${kind}/request`,
    { email },
    { headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) } },
  );
/** The device cookie (name=value) a browser keeps from signing in to this account. */
const browserOf = async (email: string) => {
  const res = await identity.api.post('/api/auth/login', { email, password: testPassword });
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('mr_device='))!
    .split(';')[0]!;
};
const sent = async (email: string, template: string) => {
  await identity.mailSettled();
  return (await mailsTo(email)).filter((m) => m.template === template).length;
};

describe('reset and unlock e-mails asked for by others', () => {
  it("never use up the owner's: after a stranger's requests, the owner's reset and unlock still go", async () => {
    const owner = await identity.createUser('pharmacy');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask('password-reset', owner.email, '10.61.0.1'));
    for (let i = 0; i < 5; i++) answers.push(await ask('unlock', owner.email, '10.61.0.1'));
    // The stranger's own budget: 3 of each, then nothing, with the same answer.
    expect(await sent(owner.email, 'password-reset')).toBe(3);
    expect(await sent(owner.email, 'account-locked-owner')).toBe(3);

    answers.push(await ask('password-reset', owner.email, '10.61.0.2'));
    answers.push(await ask('unlock', owner.email, '10.61.0.2'));
    expect(await sent(owner.email, 'password-reset')).toBe(4);
    expect(await sent(owner.email, 'account-locked-owner')).toBe(4);
    // Nobody can tell from the answers which requests sent something.
    const unknown = await ask('password-reset', uniqueEmail('nobody'), '10.61.0.3');
    for (const answer of answers.filter((_, i) => i < 5 || i === 10))
      expect([answer.status, answer.body]).toEqual([unknown.status, unknown.body]);
    expect(unknown.status).toBe(202);
  });

  it('stops at the account ceiling however many addresses ask, each kind on its own', async () => {
    const owner = await identity.createUser('ngo');
    for (let address = 1; address <= 5; address++)
      for (let i = 0; i < 3; i++)
        expect((await ask('password-reset', owner.email, `10.62.0.${address}`)).status).toBe(202);
    expect(await sent(owner.email, 'password-reset')).toBe(10);
    // Resets asked for by others hold no unlock back.
    expect((await ask('unlock', owner.email, '10.62.0.9')).status).toBe(202);
    expect(await sent(owner.email, 'account-locked-owner')).toBe(1);
  });

  it("lets the owner's own browser through the ceiling that many addresses reached, on a budget of its own", async () => {
    const owner = await identity.createUser('donor');
    const device = await browserOf(owner.email);
    for (let address = 1; address <= 4; address++)
      for (let i = 0; i < 3; i++) await ask('password-reset', owner.email, `10.63.0.${address}`);
    expect(await sent(owner.email, 'password-reset')).toBe(10);
    // A browser that never signed in is held by the ceiling; the owner's, from any address, is not.
    await ask('password-reset', owner.email, '10.63.0.9');
    expect(await sent(owner.email, 'password-reset')).toBe(10);
    const fromHome = (address: string) => ask('password-reset', owner.email, address, device);
    expect((await fromHome('10.63.0.1')).status).toBe(202);
    expect(await sent(owner.email, 'password-reset')).toBe(11);
    // Its budget is bounded like an address's (3 an hour), and a stranger's cookie counts for nothing.
    for (let i = 0; i < 3; i++) await fromHome('10.63.0.10');
    expect(await sent(owner.email, 'password-reset')).toBe(13);
    const stranger = await identity.createUser('donor');
    const theirDevice = await browserOf(stranger.email);
    await ask('password-reset', owner.email, '10.63.0.11', theirDevice);
    expect(await sent(owner.email, 'password-reset')).toBe(13);
  });
});
