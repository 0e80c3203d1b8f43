import { waitForMails, waitUntil } from '@medrelay/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@medrelay/service-kit';
import { createIdentityService } from '../service';
import { startTestIdentity, type TestIdentity } from '../testing';

let identity: TestIdentity;
let admin: { id: number; email: string; token: string };
beforeAll(async () => {
  identity = await startTestIdentity();
  admin = await identity.signedIn('admin');
});
afterAll(() => identity.stop());

/** Approve / Reject decide a registration; a rejection says why. */
const reason = { reason: 'detailsUnverifiable' };

const statusOf = async (id: number) =>
  (await identity.service.ctx.pool.query('SELECT status FROM identity.users WHERE id = $1', [id])).rows[0]
    .status;

describe('admin user lists', () => {
  it('lists pending users and all users (filtered), with profiles and without passwords', async () => {
    const pending = await identity.createUser('pharmacy', 'pending');
    const approved = await identity.createUser('ngo', 'approved');
    const pendingList = await identity.api.get('/api/admin/pending-users', { token: admin.token });
    expect(pendingList.status).toBe(200);
    expect(pendingList.body.map((u: { id: number }) => u.id)).toContain(pending.id);
    expect(pendingList.body.every((u: { status: string }) => u.status === 'pending')).toBe(true);
    expect(JSON.stringify(pendingList.body)).not.toMatch(/password/i);

    const all = await identity.api.get('/api/admin/all-users', { token: admin.token });
    expect(all.body.map((u: { id: number }) => u.id)).toEqual(
      expect.arrayContaining([pending.id, approved.id, admin.id]),
    );
    const ngos = await identity.api.get('/api/admin/all-users?userType=ngo&status=approved', {
      token: admin.token,
    });
    expect(ngos.body.map((u: { id: number }) => u.id)).toEqual([approved.id]);
    const search = await identity.api.get(
      `/api/admin/all-users?q=${encodeURIComponent(pending.email.slice(0, 12))}`,
      { token: admin.token },
    );
    expect(search.body.map((u: { id: number }) => u.id)).toEqual([pending.id]);
    const bad = await identity.api.get('/api/admin/all-users?status=sleeping', { token: admin.token });
    expect(bad.status).toBe(400);
  });

  it('walks every account by id for Export Data: the ones after an id, in id order, filters kept, no total', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await identity.createUser('pharmacy', 'pending')).id);
    const get = (query: string) => identity.api.get(`/api/admin/all-users?${query}`, { token: admin.token });
    const whole = ((await get('pageSize=100')).body as Array<{ id: number }>).map((u) => u.id);
    const ids = [...whole].sort((a, b) => a - b);
    const first = await get('after=0&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBeNull();
    expect(first.body.map((u: { id: number }) => u.id)).toEqual(ids.slice(0, 2));
    expect(JSON.stringify(first.body)).not.toMatch(/password/i);
    const next = await get(`after=${ids[1]}&pageSize=2`);
    expect(next.body.map((u: { id: number }) => u.id)).toEqual(ids.slice(2, 4));
    expect((await get(`after=${ids.at(-1)}`)).body).toEqual([]);
    const pending = await get(`after=${made[0]! - 1}&status=pending&userType=pharmacy`);
    expect(pending.body.map((u: { id: number }) => u.id)).toEqual(made);
  });

  it('pages the pending accounts newest first; the total (the sidebar badge) counts them all', async () => {
    const before = Number(
      (await identity.api.get('/api/admin/pending-users', { token: admin.token })).headers.get(
        'x-total-count',
      ),
    );
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await identity.createUser('donor', 'pending')).id);
    const page = (query: string) =>
      identity.api.get(`/api/admin/pending-users?${query}`, { token: admin.token });
    const first = await page('pageSize=3');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-total-count')).toBe(String(before + 5));
    expect(first.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    expect(first.body.map((u: { id: number }) => u.id)).toEqual(made.slice(-3).reverse());
    const second = await page('pageSize=3&page=2');
    expect(second.body.map((u: { id: number }) => u.id).slice(0, 2)).toEqual(made.slice(0, 2).reverse());
    // The default page is 20.
    expect((await page('')).body.length).toBe(Math.min(20, before + 5));
    for (const bad of ['pageSize=0', 'pageSize=101', 'page=0', 'status=approved']) {
      const res = await page(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
  });
});

describe('admin status changes (spec §4)', () => {
  it('approves a pending user, e-mails them, and their existing token becomes approved at once', async () => {
    const user = await identity.signedIn('pharmacy', 'pending');
    const res = await identity.api.put(`/api/admin/users/${user.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
    expect(await statusOf(user.id)).toBe('approved');
    const [mail] = await waitForMails(user.email);
    expect(mail!.template).toBe('account-approved');
    expect(mail!.subject).toBe('Your MedRelay account is approved');
    // A proven address gets no verification link.
    expect(mail!.text).not.toContain('/verify-email');
    const me = await identity.api.get('/api/auth/me', { token: user.token });
    expect(me.body.status).toBe('approved');
  });

  it("tells the account's own open screens of each decision (a live event), so the pending screen moves on by itself", async () => {
    const accountEvents = async (userId: number) =>
      (
        await identity.service.ctx.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM identity.outbox
            WHERE queue = 'live' AND payload->'event'->>'kind' = 'account' AND payload->'userIds' @> $1::jsonb`,
          [JSON.stringify([userId])],
        )
      ).rows[0]!.n;
    const approved = await identity.createUser('pharmacy', 'pending');
    const rejected = await identity.createUser('donor', 'pending');
    expect([await accountEvents(approved.id), await accountEvents(rejected.id)]).toEqual([0, 0]);
    await identity.api.put(`/api/admin/users/${approved.id}/approve`, undefined, { token: admin.token });
    await identity.api.put(`/api/admin/users/${rejected.id}/reject`, reason, { token: admin.token });
    expect([await accountEvents(approved.id), await accountEvents(rejected.id)]).toEqual([1, 1]);
    // A suspension too.
    await identity.api.put(
      `/api/admin/users/${approved.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(await accountEvents(approved.id)).toBe(2);
  });

  it('rejects a pending user with a rejection e-mail in their language', async () => {
    const user = await identity.createUser('ngo', 'pending');
    await identity.service.ctx.pool.query("UPDATE identity.users SET language = 'ar' WHERE id = $1", [
      user.id,
    ]);
    const res = await identity.api.put(`/api/admin/users/${user.id}/reject`, reason, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    const [mail] = await waitForMails(user.email);
    expect(mail!.template).toBe('account-rejected');
    expect(mail!.subject).toBe('بخصوص طلب تسجيلك في MedRelay');
  });

  it('suspending revokes the old token on the next call; re-approving lets the user sign in again', async () => {
    const user = await identity.signedIn('donor');
    expect((await identity.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    const suspend = await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(suspend.status).toBe(200);
    const old = await identity.api.get('/api/auth/me', { token: user.token });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('TOKEN_REVOKED');
    expect(
      (await identity.api.post('/api/auth/login', { email: user.email, password: 'Kite-Harbour-7315' }))
        .status,
    ).toBe(403);

    const reapprove = await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'approved' },
      { token: admin.token },
    );
    expect(reapprove.status).toBe(200);
    const fresh = await identity.login(user.email);
    expect((await identity.api.get('/api/auth/me', { token: fresh })).body.status).toBe('approved');
    expect((await identity.api.get('/api/auth/me', { token: user.token })).status).toBe(401);

    const mails = await waitForMails(user.email, 2);
    expect(mails.map((m) => m.template).sort()).toEqual(['account-reactivated', 'account-suspended']);
  });

  it('approving an account rejected at registration welcomes it as approved, not "active again"', async () => {
    const user = await identity.createUser('ngo', 'pending');
    await identity.api.put(`/api/admin/users/${user.id}/reject`, reason, { token: admin.token });
    const approve = await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'approved' },
      { token: admin.token },
    );
    expect(approve.status).toBe(200);
    const mails = await waitForMails(user.email, 2);
    expect(mails.map((m) => m.template).sort()).toEqual(['account-approved', 'account-rejected']);
    // Approved once: a later suspension and reinstatement is a reactivation.
    for (const status of ['rejected', 'approved']) {
      await identity.api.put(`/api/admin/users/${user.id}/status`, { status }, { token: admin.token });
    }
    const all = await waitForMails(user.email, 4);
    expect(all.map((m) => m.template).sort()).toEqual([
      'account-approved',
      'account-reactivated',
      'account-rejected',
      'account-suspended',
    ]);
  });

  it('an approval of an account whose e-mail is not proven yet carries a fresh verification link', async () => {
    const user = await identity.createUser('ngo', 'pending');
    await identity.service.ctx.pool.query(
      'UPDATE identity.users SET email_verified_at = NULL WHERE id = $1',
      [user.id],
    );
    // Rejected at registration (its registration link long expired), then approved after all.
    await identity.api.put(`/api/admin/users/${user.id}/reject`, reason, { token: admin.token });
    await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'approved' },
      { token: admin.token },
    );
    const mails = await waitForMails(user.email, 2);
    const approved = mails.find((m) => m.template === 'account-approved')!;
    expect(approved.text).toContain('/verify-email');
  });

  it('refuses changes the state machine does not allow with 409, changing nothing', async () => {
    const user = await identity.createUser('pharmacy', 'approved');
    const again = await identity.api.put(`/api/admin/users/${user.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVALID_TRANSITION', message: 'User is already approved' });
    expect(await statusOf(user.id)).toBe('approved');
  });

  it('approve and reject act only on a pending account: a stale click after another review is refused', async () => {
    const approved = await identity.createUser('pharmacy', 'pending');
    await identity.api.put(`/api/admin/users/${approved.id}/approve`, undefined, { token: admin.token });
    // Admin B's Reject on the row admin A just approved: refused, the account stays approved.
    const reject = await identity.api.put(`/api/admin/users/${approved.id}/reject`, reason, {
      token: admin.token,
      headers: { 'Accept-Language': 'ar' },
    });
    expect(reject.status).toBe(409);
    expect(reject.body).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'المستخدم ده اتوافق عليه قبل كده',
      details: { from: 'approved', to: 'rejected' },
    });
    expect(await statusOf(approved.id)).toBe('approved');

    const rejected = await identity.createUser('ngo', 'pending');
    await identity.api.put(`/api/admin/users/${rejected.id}/reject`, reason, { token: admin.token });
    const approve = await identity.api.put(`/api/admin/users/${rejected.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(approve.status).toBe(409);
    expect(approve.body).toMatchObject({ code: 'INVALID_TRANSITION', message: 'User is already rejected' });
    expect(await statusOf(rejected.id)).toBe('rejected');

    // One mail each (the approval, the rejection): nothing for the refused clicks.
    expect((await waitForMails(approved.email, 1)).map((m) => m.template)).toEqual(['account-approved']);
    expect((await waitForMails(rejected.email, 1)).map((m) => m.template)).toEqual(['account-rejected']);
  });

  it('refuses unknown status values, unknown users and bad ids', async () => {
    const user = await identity.createUser('pharmacy', 'pending');
    const pending = await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'pending' },
      { token: admin.token },
    );
    expect(pending.status).toBe(400);
    expect(pending.body.details[0].rule).toBe('statusInvalid');
    expect(
      (await identity.api.put(`/api/admin/users/${user.id}/status`, {}, { token: admin.token })).status,
    ).toBe(400);
    expect(
      (await identity.api.put('/api/admin/users/999999/approve', undefined, { token: admin.token })).status,
    ).toBe(404);
    expect(
      (await identity.api.put('/api/admin/users/abc/approve', undefined, { token: admin.token })).status,
    ).toBe(400);
    expect(
      (await identity.api.put('/api/admin/users/-3/approve', undefined, { token: admin.token })).status,
    ).toBe(400);
    for (const id of ['2147483648', '3000000000']) {
      const res = await identity.api.put(`/api/admin/users/${id}/approve`, undefined, { token: admin.token });
      expect(res.status, id).toBe(400);
    }
    const nul = await identity.api.get('/api/admin/all-users?q=%00', { token: admin.token });
    expect(nul.status).toBe(400);
  });

  it('does not let an administrator change their own status', async () => {
    const res = await identity.api.put(
      `/api/admin/users/${admin.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SELF_STATUS_CHANGE');
    const reject = await identity.api.put(`/api/admin/users/${admin.id}/reject`, reason, {
      token: admin.token,
    });
    expect(reject.status).toBe(403);
    expect(await statusOf(admin.id)).toBe('approved');
  });

  it('sends one e-mail per change even when the relay publishes a message twice', async () => {
    const user = await identity.createUser('donor', 'pending');
    await identity.api.put(`/api/admin/users/${user.id}/approve`, undefined, { token: admin.token });
    await waitForMails(user.email, 1);
    // Publish the same mail job again under a new job id, as a crashed relay could.
    const { rows } = await identity.service.ctx.pool.query(
      "SELECT payload FROM identity.outbox WHERE queue = 'mail' AND payload->>'to' = $1",
      [user.email],
    );
    const queue = identity.service.queues.get('mail')!;
    const job = await queue.add('account-approved', rows[0].payload, { jobId: 'duplicate-' + user.id });
    await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('completed');
    expect((await queue.getJob(job.id!))!.returnvalue).toBe('already-sent');
    expect((await waitForMails(user.email, 1)).length).toBe(1);
  });
});

describe('permissions on admin endpoints', () => {
  const endpoints: Array<[string, string, unknown?]> = [
    ['get', '/api/admin/pending-users'],
    ['get', '/api/admin/all-users'],
    ['put', '/api/admin/users/1/approve'],
    ['put', '/api/admin/users/1/reject', { reason: 'other' }],
    ['put', '/api/admin/users/1/status', { status: 'approved' }],
    ['get', '/api/admin/settings'],
    ['put', '/api/admin/settings', { systemName: 'X' }],
  ];

  it('answers 401 without a token and 403 for every non-admin role, pending or approved', async () => {
    const callers = [
      ...(await Promise.all((['pharmacy', 'ngo', 'donor'] as const).map((t) => identity.signedIn(t)))),
      await identity.signedIn('pharmacy', 'pending'),
    ];
    for (const [method, path, body] of endpoints) {
      const anonymous = method === 'get' ? await identity.api.get(path) : await identity.api.put(path, body);
      expect(anonymous.status, `${method} ${path} anonymous`).toBe(401);
      for (const caller of callers) {
        const res =
          method === 'get'
            ? await identity.api.get(path, { token: caller.token })
            : await identity.api.put(path, body, { token: caller.token });
        expect(res.status, `${method} ${path} as ${caller.email}`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
    }
  });
});

describe('sign-in racing a suspension', () => {
  it('a suspension that starts while a sign-in is signing waits for it, then revokes its token', async () => {
    const user = await identity.createUser('donor');
    const tokens = identity.service.ctx.tokens;
    const publish = tokens.publishStatus;
    let entered!: () => void;
    const signing = new Promise<void>((r) => (entered = r));
    let letGo!: () => void;
    const held = new Promise<void>((r) => (letGo = r));
    // Hold the sign-in inside its critical section until the suspension is waiting on it.
    tokens.publishStatus = async (id, status) => {
      if (id === user.id && status === 'approved') {
        entered();
        await held;
      }
      return publish(id, status);
    };
    try {
      const login = identity.api.post('/api/auth/login', {
        email: user.email,
        password: 'Kite-Harbour-7315',
      });
      await signing;
      const suspending = identity.api.put(
        `/api/admin/users/${user.id}/status`,
        { status: 'rejected' },
        { token: admin.token },
      );
      await waitUntil(
        async () =>
          (
            await identity.service.ctx.pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0,
        { what: 'the suspension to wait for the sign-in' },
      );
      letGo();
      const suspend = await suspending;
      expect(suspend.status).toBe(200);
      const signedIn = await login;
      expect(signedIn.status).toBe(200);
      expect((await identity.api.get('/api/auth/me', { token: signedIn.body.token })).status).toBe(401);
    } finally {
      tokens.publishStatus = publish;
    }
  });

  it('never leaves a working token for a suspended user when both run at once', async () => {
    for (let round = 0; round < 15; round++) {
      const user = await identity.createUser('donor');
      const [login] = await Promise.all([
        identity.api.post('/api/auth/login', { email: user.email, password: 'Kite-Harbour-7315' }),
        identity.api.put(
          `/api/admin/users/${user.id}/status`,
          { status: 'rejected' },
          { token: admin.token },
        ),
      ]);
      expect([200, 403]).toContain(login.status);
      if (login.status === 200) {
        expect(
          (await identity.api.get('/api/auth/me', { token: login.body.token })).status,
          `round ${round}`,
        ).toBe(401);
      }
    }
  });
});

describe('Redis trouble after a commit', () => {
  it('still answers 200 for an approval that was saved', async () => {
    const user = await identity.createUser('ngo', 'pending');
    const tokens = identity.service.ctx.tokens;
    const publish = tokens.publishStatus;
    tokens.publishStatus = () => Promise.reject(new Error('Connection is closed.'));
    try {
      const res = await identity.api.put(`/api/admin/users/${user.id}/approve`, undefined, {
        token: admin.token,
      });
      expect(res.status).toBe(200);
      expect(await statusOf(user.id)).toBe('approved');
    } finally {
      tokens.publishStatus = publish;
    }
  });
});

describe('revocations survive a Redis that lost its data', () => {
  it('restores them from the database when identity starts, so a suspended user stays out', async () => {
    const user = await identity.signedIn('pharmacy');
    await identity.api.put(
      `/api/admin/users/${user.id}/status`,
      { status: 'rejected' },
      { token: admin.token },
    );
    const redis = identity.service.ctx.redis;
    const keys = await redis.keys(`${identity.prefix}:auth:*:${user.id}`);
    expect(keys.length).toBe(2);
    await redis.del(...keys);
    const restarted = await createIdentityService(identity.config, createLogger('svc-identity', 'silent'));
    try {
      const verdict = await restarted.ctx.verifier.verify(user.token).catch((e: { code: string }) => e.code);
      expect(verdict).toBe('TOKEN_REVOKED');
    } finally {
      await restarted.stop();
    }
  });
});
