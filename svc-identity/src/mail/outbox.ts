import { mailJobSchema, mailQueueName, type MailJob, type Settings } from '@medrelay/contracts';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';
import { stoppedBySwitch } from '@medrelay/contracts';

/** A mail job as svc-identity's producers write it: the outbox adds the platform's name and the admin's address. */
type Without<M> = M extends { data: infer D }
  ? Omit<M, 'data'> & { data: Omit<D, 'systemName' | 'adminEmail'> }
  : never;
export type QueuedMail = Without<MailJob>;

/**
 * Queues an e-mail with the change that causes it (same transaction). While the administrator
 * has switched e-mail notifications off, notices are not queued; account and security e-mails
 * always are (contracts mail-switch.ts).
 */
export async function queueMail(client: PoolClient, settings: Settings, mail: QueuedMail): Promise<void> {
  if (!settings.emailNotifications && stoppedBySwitch(mail)) return;
  // Checked against the template's variant here too: a job missing a field fails its producer's
  // transaction, not the reader's e-mail.
  const job: MailJob = mailJobSchema.parse({
    ...mail,
    data: { systemName: settings.systemName, adminEmail: settings.adminEmail, ...mail.data },
  });
  await addToOutbox(client, schema, { queue: mailQueueName, name: job.template, payload: job });
}
