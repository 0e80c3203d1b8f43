import { uniqueEmail, waitUntil } from '@medrelay/testing';
import { describe, expect, it } from 'vitest';
import { identityBehindGateway } from './testing';

describe('request ids through the gateway', () => {
  const started = identityBehindGateway();

  it('the gateway makes one up, the service keeps it, and the events it publishes carry it', async () => {
    const email = uniqueEmail('traced');
    const res = await fetch(`${started.gw.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Traced Donor',
        email,
        phone: '01012345678',
        password: 'Kite-Harbour-7315',
        userType: 'donor',
        acceptTerms: true,
      }),
    });
    expect(res.status).toBe(201);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // The event is recorded by the registration's follow-up job (registrations/follow-up.ts),
    // which runs under the request's id.
    const published = () =>
      started.identity.service.ctx.pool.query(
        "SELECT payload FROM identity.outbox WHERE job_name = 'user.registered' AND payload->'user'->>'email' = $1",
        [email],
      );
    await waitUntil(async () => (await published()).rows.length > 0, { what: 'the user.registered events' });
    const { rows } = await published();
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row.payload._requestId).toBe(requestId);
  });
});
