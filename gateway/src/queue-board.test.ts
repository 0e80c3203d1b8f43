import { Writable } from 'node:stream';
import { createLogger } from '@medrelay/service-kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { identityBehindGateway, startTestGateway } from './testing';

const started = identityBehindGateway();

const board = (path = '', init: RequestInit = {}) =>
  fetch(`${started.gw.baseUrl}/api/admin/queues${path}`, { redirect: 'manual', ...init });

describe('the queue dashboard (/api/admin/queues)', () => {
  it('is closed to visitors and to non-administrators, on the server', async () => {
    const page = await board('', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/api/admin/queues/sign-in');
    expect((await board('/api/queues')).status).toBe(401);
    const ngo = await started.identity.signedIn('ngo');
    const auth = { authorization: `Bearer ${ngo.token}` };
    expect((await board('/api/queues', { headers: auth })).status).toBe(403);
    expect((await board('/session', { method: 'POST', headers: auth })).status).toBe(403);
  });

  it("lists every queue of the platform for an administrator, by token or by the dashboard's cookie", async () => {
    const admin = await started.identity.signedIn('admin');
    const byToken = await board('/api/queues', { headers: { authorization: `Bearer ${admin.token}` } });
    expect(byToken.status).toBe(200);
    const names = ((await byToken.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(
      [
        'catalog.expiry-scan',
        'events.catalog.users',
        'events.requests.medicines',
        'events.requests.users',
        'identity.link-requests',
        'identity.registrations',
        'mail',
        'requests.reservation-releases',
        // needs re-matched, and the hourly match digest.
        'requests.need-matches',
        'requests.push',
        'requests.match-digest',
      ].sort(),
    );

    const session = await board('/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(session.status).toBe(204);
    const cookie = session.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/admin\/queues/);
    // The cookie is an opaque session id, not the token itself.
    expect(cookie).not.toContain(admin.token);
    expect(cookie).not.toContain(admin.token.split('.')[1]!);
    const page = await board('', { headers: { cookie: cookie.split(';')[0]!, accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('MedRelay queues');

    // Signing out revokes the token, and with it the dashboard's cookie, at once.
    const logout = await fetch(`${started.gw.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(logout.status).toBe(204);
    expect((await board('/api/queues', { headers: { cookie: cookie.split(';')[0]! } })).status).toBe(401);
  });
});

describe('the queue dashboard in the access log', () => {
  const logged: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  let logging: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    logging = await startTestGateway(
      started.identity.prefix,
      { IDENTITY_URL: started.identity.baseUrl, PUBLIC_URL: 'https://medrelay.example' },
      createLogger('gateway', 'info', sink),
    );
  });
  afterAll(() => logging?.stop());

  it('shows neither the token nor the session cookie, and marks the cookie Secure behind https', async () => {
    const admin = await started.identity.signedIn('admin');
    const session = await fetch(`${logging.baseUrl}/api/admin/queues/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(session.status).toBe(204);
    const cookie = session.headers.get('set-cookie')!;
    expect(cookie).toMatch(/; Secure/);
    const sessionId = cookie.split(';')[0]!.split('=')[1]!;
    const call = await fetch(`${logging.baseUrl}/api/admin/queues/api/queues`, {
      headers: { cookie: `medrelay_queues=${sessionId}` },
    });
    expect(call.status).toBe(200);

    // The access log line is written when the answer has finished, which can be just after the
    // client has read it (sooner still when the body is compressed).
    await vi.waitFor(() => expect(logged.join('')).toContain('/api/admin/queues/api/queues'));
    const text = logged.join('');
    expect(text).toContain('/api/admin/queues/session');
    // Access lines carry method, URL, status and time, never the headers credentials travel in.
    expect(text).not.toContain('authorization');
    expect(text).not.toContain('medrelay_queues=');
    expect(text).not.toContain(admin.token.split('.')[2]!);
    expect(text).not.toContain(sessionId);
  });
});
