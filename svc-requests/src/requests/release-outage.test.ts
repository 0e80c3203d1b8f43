import { releaseQueueName } from '@medrelay/contracts';
import { outageProxy, waitUntil, type OutageProxy } from '@medrelay/testing';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRequestsFor } from '../testing';
import { ask, list, move, p, pharmacy, suspend, useRequestsPlatform } from './requests-fixture';

// svc-requests reaches the catalog through a relay the test cuts and restores (`outageProxy`):
// the catalog going away must not use up the release jobs' attempts.
useRequestsPlatform();

let catalog: OutageProxy;
beforeAll(async () => {
  catalog = await outageProxy(p.catalog.baseUrl);
  // The only svc-requests (and so the only release worker) is the one behind the relay.
  await p.requests.stop();
  p.requests = await startRequestsFor(p.identity, {
    ...p.catalog,
    // The relay's URL ends with '/': the client appends paths starting with one.
    baseUrl: catalog.url.replace(/\/$/, ''),
  });
});
afterAll(() => catalog.restore());

const reservation = async (requestId: number) =>
  (
    await p.catalog.service.ctx.pool.query(
      'SELECT status, quantity FROM catalog.reservations WHERE request_id = $1',
      [requestId],
    )
  ).rows[0] as { status: string; quantity: number } | undefined;

describe('a reservation release while the catalog is down', () => {
  it('waits for the catalog without using an attempt, then releases within seconds of its return', async () => {
    const medicine = await list(pharmacy.token, 60, { quantity: 10, recipientType: 'ngos' });
    const requester = await p.user('ngo');
    const asked = await ask(requester.token, { medicineId: medicine.id, quantity: 3 });
    expect(asked.status).toBe(201);
    const id = asked.body.id as number;
    const approved = await move(pharmacy.token, id, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(await reservation(id)).toMatchObject({ status: 'reserved', quantity: 3 });

    await catalog.cut();
    // The requester's account is suspended: the approved request ends and its stock goes back.
    await suspend(requester);
    const queue = p.requests.service.queues.get(releaseQueueName)!;
    let job: Job | undefined;
    await waitUntil(
      async () => {
        const jobs = await queue.getJobs(['waiting', 'active', 'delayed', 'failed', 'completed']);
        job = jobs.find((j) => (j.data as { requestId?: number }).requestId === id);
        // Tried (and refused) three times at least.
        return (job?.attemptsStarted ?? 0) >= 3;
      },
      { timeoutMs: 20_000, what: 'the release to be tried three times' },
    );
    job = await queue.getJob(job!.id!);
    expect(job!.attemptsMade).toBe(0);
    expect(await job!.getState()).not.toBe('failed');
    expect(await reservation(id)).toMatchObject({ status: 'reserved' });

    await catalog.restore();
    const restoredAt = Date.now();
    await waitUntil(async () => (await reservation(id))?.status === 'released', {
      timeoutMs: 5_000,
      what: 'the reservation released after the catalog came back',
    });
    expect(Date.now() - restoredAt).toBeLessThan(5_000);
    // The one attempt it used is the one that succeeded (the job is marked done just after the
    // catalog answered, so it may still be finishing when the reservation reads released).
    const jobId = job!.id!;
    await waitUntil(async () => (await (await queue.getJob(jobId))!.getState()) === 'completed', {
      what: 'the release job completed',
    });
    job = await queue.getJob(jobId);
    expect(job!.attemptsMade).toBe(1);
  });
});
