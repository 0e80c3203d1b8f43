import { mailJobSchema, mailQueueName, openedMailSchema, type MailJob } from '@medrelay/contracts';
import { receivesMail } from '@medrelay/domain/user-status';
import {
  createWorker,
  StoreOutageError,
  whenStoresAnswer,
  withTransaction,
  type MailSecrets,
  type Job,
  type Logger,
  type Pool,
  type Redis,
} from '@medrelay/service-kit';
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { calendarMessage } from './calendar';
import { recordSent, recordSentOnce, wasSent } from './repo';
import { renderMail } from './templates';

export interface MailWorkerOptions {
  pool: Pool;
  connection: Redis;
  prefix: string;
  smtpUrl: string;
  from: string;
  logger: Logger;
  /** Opens the job's sealed values (a handover code). */
  secrets: MailSecrets;
}

/**
 * Sends queued e-mails over SMTP. A failed send throws so BullMQ retries with backoff; the
 * idempotency key is recorded after delivery, under a lock, so a retried or duplicated job
 * is delivered once.
 */
export function startMailWorker(options: MailWorkerOptions) {
  // Bounded waits: a stuck SMTP server fails the job (and BullMQ retries) instead of hanging it.
  // nodemailer reads transport options from the URL's query; ones given in SMTP_URL win.
  const url = new URL(options.smtpUrl);
  for (const [name, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 30_000],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transport = nodemailer.createTransport(url.toString());
  const domain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'medrelay.invalid';
  const process = async (job: Job<MailJob>) => {
    const mail = mailJobSchema.parse(job.data);
    let delivered = false;
    try {
      // One delivery of a key at a time, so two workers never both send it.
      return await withTransaction(
        options.pool,
        async (client) => {
          if (await wasSent(client, mail.idempotencyKey)) return 'already-sent';
          // A deleted account's address (anyone may still type it into a form): nobody to send to.
          if (!receivesMail(mail.to)) return 'undeliverable';
          const rendered = renderMail(
            openedMailSchema.parse({
              template: mail.template,
              language: mail.language,
              data: options.secrets.open(mail),
            }),
          );
          await transport
            .sendMail({
              from: options.from,
              to: mail.to,
              // The same Message-ID for every try of one e-mail: should SMTP's one unguarded
              // moment ever deliver it twice (docs/operations.md), the copies are one message to
              // the receiving servers and mail clients that drop repeated ids.
              messageId: messageIdOf(mail.idempotencyKey, domain),
              ...rendered,
              ...(mail.calendar?.length
                ? calendarMessage(mail.calendar, {
                    from: options.from,
                    to: mail.to,
                    name: 'name' in mail.data ? mail.data.name : undefined,
                  })
                : {}),
              headers: { 'X-MedRelay-Template': mail.template },
            })
            .catch((err: unknown) => {
              throw mailServerDown(err)
                ? new StoreOutageError(`mail server unreachable: ${(err as Error).message}`)
                : err;
            });
          delivered = true;
          await recordSent(client, mail);
          options.logger.info({ template: mail.template, to: mail.to }, 'mail sent');
          return 'sent';
        },
        { lockKey: mail.idempotencyKey },
      );
    } catch (err) {
      if (!delivered) throw err;
      // Handed to the mail server, but PostgreSQL went away before that was recorded: failing
      // the job would send it again once retried. Record it as soon as PostgreSQL is back.
      options.logger.warn(
        { template: mail.template, err: (err as Error).message },
        'mail sent; recording it',
      );
      await whenStoresAnswer('record sent mail', () => recordSentOnce(options.pool, mail), options.logger);
      options.logger.info({ template: mail.template, to: mail.to }, 'mail sent');
      return 'sent';
    }
  };
  const worker = createWorker<MailJob>(
    mailQueueName,
    process,
    options.connection,
    options.prefix,
    options.logger,
  );
  return {
    worker,
    async close() {
      await worker.close();
      transport.close();
      await options.pool.end();
    },
  };
}

/** The Message-ID of an e-mail, the same for every try: derived from its idempotency key. */
export function messageIdOf(idempotencyKey: string, domain: string): string {
  return `<${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}@${domain}>`;
}

/**
 * The mail server could not be reached or stopped answering (nodemailer's connection, socket,
 * greeting and timeout errors): an outage to wait out. A refusal of the message itself (an SMTP
 * 4xx or 5xx answer) is the job's failure, retried with BullMQ's backoff.
 */
function mailServerDown(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return (
    typeof code === 'string' &&
    ['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'EGREETING', 'ECONNREFUSED'].includes(code)
  );
}
