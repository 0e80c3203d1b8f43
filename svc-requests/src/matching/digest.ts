import { matchDigestQueueName, mailQueueName, type MailJob } from '@medrelay/contracts';
import { matchRequestLink, wantedListPath } from '@medrelay/domain';
import {
  addToOutbox,
  createQueue,
  createWorker,
  withTransaction,
  type Logger,
  type Redis,
} from '@medrelay/service-kit';
import { schema, type RequestsContext } from '../context';
import { transactionMailsOn } from '../requests/mail-settings';
import { digestsDue, recordDigest, type DigestDue } from './repo';

export { matchDigestQueueName };

/** The digest e-mail: each new match with its deep link (the listing, Request Pickup ready). */
function digestMail(due: DigestDue, ctx: RequestsContext, systemName: string, adminEmail: string): MailJob {
  const items = due.items.map(({ medicineId, params }) => ({
    medicine: String(params.medicine ?? ''),
    need: String(params.need ?? ''),
    quantity: Number(params.quantity ?? 0),
    days: Number(params.days ?? 0),
    // Km from the needer's pickup point; absent when a point was unknown.
    ...(params.distance === undefined ? {} : { distance: Number(params.distance) }),
    link: `${ctx.config.PUBLIC_URL}${matchRequestLink(due.userType, medicineId, Number(params.take ?? 0))}`,
  }));
  return {
    // The notifications it reports: the same digest never mails twice.
    idempotencyKey: `need-match-digest:${due.userId}:${Math.max(...due.ids)}`,
    template: 'need-match-digest',
    to: due.email,
    language: due.language,
    data: {
      systemName,
      adminEmail,
      name: due.name,
      count: String(items.length),
      items,
      needsUrl: `${ctx.config.PUBLIC_URL}${wantedListPath(due.userType)}`,
    },
  };
}

/**
 * Sends the match digests that are due: one e-mail per user with match
 * notifications since their last digest, at most one an hour, in their language. With the
 * admin's e-mails off (or the user suspended) the matches are marked covered without mailing,
 * so switching e-mails on later does not send a backlog. Returns the number of e-mails queued.
 */
export async function sendMatchDigests(ctx: RequestsContext, now: Date = new Date()): Promise<number> {
  const settings = await ctx.settings.fresh();
  const mailOn = transactionMailsOn(settings);
  let queued = 0;
  for (;;) {
    const batch = await withTransaction(ctx.pool, async (client) => {
      const due = await digestsDue(client, now);
      for (const user of due) {
        if (mailOn && user.active && user.items.length) {
          const job = digestMail(user, ctx, settings.systemName, settings.adminEmail);
          await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
          queued++;
        }
        await recordDigest(client, user, now, user.items.length > 0);
      }
      return due.length;
    });
    if (batch === 0) break;
  }
  if (queued) ctx.outbox.nudge();
  return queued;
}

const schedulerId = 'match-digest';

/**
 * The digest as a BullMQ job scheduler: every `MATCH_DIGEST_EVERY_MS` (default 10 minutes) it
 * sends what is due; the hour between two digests of one user is kept by `match_digests`.
 * Upserting the scheduler at every start is idempotent.
 */
export async function startMatchDigestScheduler(ctx: RequestsContext, connection: Redis, logger: Logger) {
  const queue = createQueue(matchDigestQueueName, connection, ctx.prefix);
  await queue.upsertJobScheduler(
    schedulerId,
    { every: ctx.config.MATCH_DIGEST_EVERY_MS },
    { name: 'match-digest', opts: { attempts: 3, removeOnComplete: true, removeOnFail: 100 } },
  );
  const worker = createWorker(
    matchDigestQueueName,
    () => sendMatchDigests(ctx),
    connection,
    ctx.prefix,
    logger,
    1,
  );
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}
