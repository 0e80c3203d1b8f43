import { registrationQueueName, userStatuses, languages } from '@medrelay/contracts';
import {
  addToOutbox,
  createWorker,
  withTransaction,
  type PoolClient,
  type Redis,
} from '@medrelay/service-kit';
import { z } from 'zod';
import { schema, type IdentityContext } from '../context';
import { accountMail } from '../auth/account-mail';
import { queueMail } from '../mail/outbox';
import { recordUserEvent } from '../users/events';
import { findUserById, shareLockStatus } from '../users/repo';
import { addRegistrationNotice } from './repo';

/**
 * What a registration leaves for the worker, in its own transaction: the account it created or
 * reopened, or the address that already had one. The request writes one such job whatever the
 * case, so its answer and its timing are the same; the work that differs (the event, the
 * verification link, the e-mails, the digest notice) happens here, after the answer.
 */
export const registrationFollowUpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('registered'),
    userId: z.number().int(),
    /** An application made again on an address rejected at registration (reapply-repo.ts). */
    again: z.boolean(),
    /** As registered (an administrator may decide before the worker runs). */
    status: z.enum(userStatuses),
    language: z.enum(languages),
  }),
  z.object({ kind: z.literal('existing'), email: z.string() }),
]);
export type RegistrationFollowUp = z.infer<typeof registrationFollowUpSchema>;

/** The request's part: one outbox job, in the registration's transaction. */
export async function queueRegistrationFollowUp(client: PoolClient, followUp: RegistrationFollowUp) {
  await addToOutbox(client, schema, { queue: registrationQueueName, name: followUp.kind, payload: followUp });
}

/**
 * The worker's part, in one transaction: a new (or reopened) account gets its `user.registered`
 * event, its welcome e-mail with the link that proves the address, and (pending) a row for the
 * administrator's digest; its status is published under a share lock, as a sign-in does. An
 * address that had an account: its owner is e-mailed, at most once an hour. Run twice, a job
 * sends one e-mail (keyed), its event again at the same version (the read models keep the newer
 * only) and its notice once (one row per user).
 */
export function registrationFollowUps(ctx: IdentityContext) {
  const { verificationMail, tellOwnerOfRegistration } = accountMail(ctx);
  return async (
    followUp: RegistrationFollowUp,
    jobId: string,
  ): Promise<'told-owner' | 'welcomed' | 'gone'> => {
    const settings = await ctx.settings.get();
    const outcome = await withTransaction(
      ctx.pool,
      async (client) => {
        if (followUp.kind === 'existing') {
          await tellOwnerOfRegistration(client, settings, followUp.email);
          return 'told-owner' as const;
        }
        const { userId: id, again, status, language } = followUp;
        const current = await shareLockStatus(client, id);
        const created = current && (await findUserById(client, id));
        // Deleted meanwhile: nothing to tell. (One already decided still gets its welcome, as every
        // registration does; the decision's own e-mail and newer event say the rest.)
        if (!created || created.deletedAt) return 'gone' as const;
        await recordUserEvent(client, 'user.registered', created);
        const verify = await verificationMail(client, created, created.email, false);
        await queueMail(client, settings, {
          template: status === 'approved' ? 'account-approved' : 'registration-received',
          to: created.email,
          language,
          idempotencyKey: again ? `registered:${id}:${jobId}` : `registered:${id}`,
          data: {
            name: created.name,
            userType: created.userType,
            loginUrl: `${ctx.config.PUBLIC_URL}/login`,
            hours: verify.data.hours,
          },
          sealed: verify.sealed,
        });
        // Told in the next digest (registrations/digest.ts), not one e-mail each.
        if (settings.notifyRegistrations && status === 'pending') await addRegistrationNotice(client, id);
        await ctx.tokens.publishStatus(id, current);
        return 'welcomed' as const;
      },
      { lockTimeout: '5s' },
    );
    ctx.outbox.nudge();
    return outcome;
  };
}

/** Takes the registrations' follow-ups off their queue (every identity instance; an outage waits). */
export function startRegistrationFollowUpWorker(ctx: IdentityContext, connection: Redis) {
  const followUp = registrationFollowUps(ctx);
  return createWorker<RegistrationFollowUp>(
    registrationQueueName,
    (job) => followUp(registrationFollowUpSchema.parse(job.data), job.id!),
    connection,
    ctx.prefix,
    ctx.logger,
  );
}
