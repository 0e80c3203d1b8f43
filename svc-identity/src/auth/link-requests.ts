import { linkRequestQueueName } from '@medrelay/contracts';
import {
  addToOutbox,
  createWorker,
  httpError,
  RateLimiter,
  withTransaction,
  type Redis,
} from '@medrelay/service-kit';
import { z } from 'zod';
import { schema, type IdentityContext } from '../context';
import { isKnownDevice } from '../devices/repo';
import { findCredentialsByEmail } from '../users/repo';
import { accountMail } from './account-mail';

/** The links anyone may ask for by typing an e-mail address (forgot password, unlock). */
export const askedLinks = ['reset', 'unlock'] as const;
export type AskedLink = (typeof askedLinks)[number];

/** What a request leaves for the worker: the same job whether the address has an account or not. */
export const linkRequestSchema = z.object({
  kind: z.enum(askedLinks),
  /** As typed: the worker looks the account up. */
  email: z.string(),
  /** The requester's address as the limits count it (service-kit `limitKeyOfAddress`: IPv6 by /64). */
  addressKey: z.string(),
  /** The browser's device key, when it sent a valid device cookie (the worker checks it is known). */
  device: z.string().nullable().default(null),
});
export type LinkRequest = z.infer<typeof linkRequestSchema>;

/** What the worker did with a request (its job's result, for the logs and the dashboard). */
export type LinkRequestOutcome = 'sent' | 'no-account' | 'over-budget';

/**
 * Links asked for by e-mail address, in two steps so the request does the same work whatever the
 * address. The request (`ask`) counts the caller's address (429 past LINK_REQUESTS_PER_ADDRESS an
 * hour, answered at once) and writes one outbox job; it never looks the account up, so neither its
 * answer nor its timing says whether the address has an account. The worker (`send`) looks the
 * account up and applies its silent budgets, each kind apart: LINK_MAILS_PER_ACCOUNT_ADDRESS an
 * hour asked from one address, LINK_MAILS_PER_ACCOUNT an hour in all, so a stranger typing the
 * owner's address uses up its own small budget, not the owner's. A browser the account has
 * signed in from before (its device cookie) is counted apart, LINK_MAILS_PER_ACCOUNT_ADDRESS an
 * hour, and never stopped by the ceiling: strangers from many addresses cannot silence the
 * owner's own request.
 */
export function linkRequests(ctx: IdentityContext) {
  const c = ctx.config;
  const mail = accountMail(ctx);
  const limiter = (name: string, limit: number) =>
    new RateLimiter(ctx.redis, `${ctx.prefix}:links:${name}`, limit, 3600);
  const perAddress = limiter('address', c.LINK_REQUESTS_PER_ADDRESS);
  const budgets = Object.fromEntries(
    askedLinks.map((kind) => [
      kind,
      {
        perAccountAddress: limiter(`${kind}:account-address`, c.LINK_MAILS_PER_ACCOUNT_ADDRESS),
        perAccount: limiter(`${kind}:account`, c.LINK_MAILS_PER_ACCOUNT),
        perKnownBrowser: limiter(`${kind}:account-browser`, c.LINK_MAILS_PER_ACCOUNT_ADDRESS),
      },
    ]),
  ) as Record<AskedLink, Record<'perAccountAddress' | 'perAccount' | 'perKnownBrowser', RateLimiter>>;

  return {
    /**
     * The request's part, the same for any e-mail: the address's limit (Redis), then one INSERT
     * of the job. A store that is down answers 503 (nothing is dropped unsaid).
     */
    async ask(kind: AskedLink, email: string, addressKey: string, device: string | null): Promise<void> {
      const asked = await perAddress.hit(addressKey);
      if (!asked.allowed) throw httpError.tooManyRequests(asked.retryAfterSeconds);
      const request: LinkRequest = { kind, email, addressKey, device };
      const client = await ctx.pool.connect();
      try {
        await addToOutbox(client, schema, { queue: linkRequestQueueName, name: kind, payload: request });
      } finally {
        client.release();
      }
      ctx.outbox.nudge();
    },

    /**
     * The worker's part: the account with this e-mail, if there is one and it may get another
     * e-mail of this kind asked from this address, gets its link (issued and queued in one
     * transaction, keyed by the job: a job run twice sends one e-mail). A failed try takes its
     * counts back, so retries through an outage spend no budget.
     */
    async send(request: LinkRequest, jobId: string): Promise<LinkRequestOutcome> {
      const found = await findCredentialsByEmail(ctx.pool, request.email);
      if (!found || found.user.status === 'rejected') return 'no-account';
      const owner = found.user;
      const budget = budgets[request.kind];
      const known = request.device !== null && (await isKnownDevice(ctx.pool, owner.email, request.device));
      const counted: Array<[RateLimiter, string]> = known
        ? [[budget.perKnownBrowser, `${owner.id}:${request.device}`]]
        : [
            [budget.perAccountAddress, `${owner.id}:${request.addressKey}`],
            [budget.perAccount, `${owner.id}`],
          ];
      for (const [limit, key] of counted) if (!(await limit.hit(key)).allowed) return 'over-budget';
      try {
        const settings = await ctx.settings.get();
        await withTransaction(ctx.pool, (client) =>
          request.kind === 'reset'
            ? mail.resetMail(client, settings, owner, `asked:${jobId}`)
            : mail.unlockMail(client, settings, owner, `asked:${jobId}`),
        );
      } catch (err) {
        await Promise.all(counted.map(([limit, key]) => limit.undo(key))).catch(() => undefined);
        throw err;
      }
      ctx.outbox.nudge();
      return 'sent';
    },
  };
}

/** Takes the link requests off their queue (every identity instance; an outage waits, `createWorker`). */
export function startLinkRequestWorker(ctx: IdentityContext, connection: Redis) {
  const requests = linkRequests(ctx);
  return createWorker<LinkRequest>(
    linkRequestQueueName,
    (job) => requests.send(linkRequestSchema.parse(job.data), job.id!),
    connection,
    ctx.prefix,
    ctx.logger,
  );
}
