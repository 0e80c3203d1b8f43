import { withTransaction } from '@medrelay/service-kit';
import type { IdentityContext } from '../context';
import { queueMail } from '../mail/outbox';
import { languageOfEmail } from '../users/repo';
import { lockDigest, secondsSinceLastDigest, takeWaitingLicenses, takeWaitingNotices } from './repo';

/**
 * The administrator's notices of new registrations as a digest: at most one e-mail
 * per `intervalSeconds`, listing every registration since the last one. The notices are rows
 * written with the registration; the digest takes them and queues its e-mail in one
 * transaction (outbox), so none is lost or listed twice, whatever the number of instances
 * (an advisory lock serialises them) and however often this runs.
 * Returns how many registrations the e-mail lists (0: nothing sent).
 */
export async function sendRegistrationDigest(ctx: IdentityContext, intervalSeconds: number): Promise<number> {
  const settings = await ctx.settings.get();
  const listed = await withTransaction(ctx.pool, async (client) => {
    await lockDigest(client, 'registration_notices');
    const since = await secondsSinceLastDigest(client, 'registration_notices');
    if (since !== null && since < intervalSeconds) return 0;
    const waiting = await takeWaitingNotices(client);
    if (waiting.length === 0) return 0;
    await queueMail(client, settings, {
      template: 'admin-registration-digest',
      to: settings.adminEmail,
      language: (await languageOfEmail(client, settings.adminEmail)) ?? 'en',
      // A notice is listed in exactly one digest, so its first names it (an account that applied
      // again has a later notice).
      idempotencyKey: `registration-digest:${waiting[0]!.userId}:${waiting[0]!.noticedAt}`,
      data: {
        count: String(waiting.length),
        items: waiting.map(({ name, email, userType }) => ({ name, email, userType })),
        reviewUrl: `${ctx.config.PUBLIC_URL}/admin/users`,
      },
    });
    return waiting.length;
  });
  if (listed > 0) ctx.outbox.nudge();
  return listed;
}

/**
 * The administrator's notices of pharmacist's licences NGOs added after their review, as a digest
 * on the registrations' rhythm (at most one e-mail per `intervalSeconds`), listing each NGO whose
 * licence still waits. With registration notifications switched off, the notices are taken
 * without an e-mail (the User Approvals screen lists the licences all the same).
 * Returns how many licences the e-mail lists (0: nothing sent).
 */
export async function sendLicenseDigest(ctx: IdentityContext, intervalSeconds: number): Promise<number> {
  const settings = await ctx.settings.get();
  const listed = await withTransaction(ctx.pool, async (client) => {
    await lockDigest(client, 'license_notices');
    const since = await secondsSinceLastDigest(client, 'license_notices');
    if (since !== null && since < intervalSeconds) return 0;
    const waiting = await takeWaitingLicenses(client);
    if (waiting.length === 0 || !settings.notifyRegistrations) return 0;
    await queueMail(client, settings, {
      template: 'admin-license-digest',
      to: settings.adminEmail,
      language: (await languageOfEmail(client, settings.adminEmail)) ?? 'en',
      // A notice is taken by exactly one digest, so its first names it.
      idempotencyKey: `license-digest:${waiting[0]!.noticeId}`,
      data: {
        count: String(waiting.length),
        items: waiting.map(({ name, email, organizationName, license }) => ({
          name,
          email,
          organizationName,
          license,
        })),
        reviewUrl: `${ctx.config.PUBLIC_URL}/admin/users`,
      },
    });
    return waiting.length;
  });
  if (listed > 0) ctx.outbox.nudge();
  return listed;
}

/**
 * Checks every `checkMs` whether a digest (registrations, licences) is due (the first registration after a quiet spell is
 * told at the next check; a burst waits for the interval). The timer is only a trigger: the
 * notices are in the database, so a restart loses nothing.
 */
export function startRegistrationDigest(ctx: IdentityContext, intervalSeconds: number, checkMs: number) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= Promise.all([
      sendRegistrationDigest(ctx, intervalSeconds),
      sendLicenseDigest(ctx, intervalSeconds),
    ])
      .catch((err: Error) => ctx.logger.warn({ err: err.message }, 'registration digest failed; retried'))
      .finally(() => (running = null));
  }, checkMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
