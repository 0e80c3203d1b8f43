import { mailJobSchema, mailQueueName, type MailJob } from '@medrelay/contracts';
import {
  createWorker,
  withTransaction,
  type MailSecrets,
  type Job,
  type Logger,
  type Pool,
  type Redis,
} from '@medrelay/service-kit';
import nodemailer from 'nodemailer';
import { calendarAttachment } from './calendar';
import { recordSent, wasSent } from './repo';
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
  const process = async (job: Job<MailJob>) => {
    const mail = mailJobSchema.parse(job.data);
    // One delivery of a key at a time, so two workers never both send it.
    return withTransaction(
      options.pool,
      async (client) => {
        if (await wasSent(client, mail.idempotencyKey)) return 'already-sent';
        const rendered = renderMail(mail.template, mail.language, options.secrets.open(mail));
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          ...rendered,
          ...(mail.calendar?.length ? { attachments: [calendarAttachment(mail.calendar)] } : {}),
          headers: { 'X-MedRelay-Template': mail.template },
        });
        await recordSent(client, mail);
        options.logger.info({ template: mail.template, to: mail.to }, 'mail sent');
        return 'sent';
      },
      { lockKey: mail.idempotencyKey },
    );
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
