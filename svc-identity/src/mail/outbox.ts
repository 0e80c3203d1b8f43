import {
  mailQueueName,
  type Language,
  type MailJob,
  type MailTemplate,
  type Settings,
} from '@medrelay/contracts';
import { addToOutbox, type PoolClient } from '@medrelay/service-kit';
import { schema } from '../context';

/**
 * Queues an e-mail with the change that causes it (same transaction). Nothing is queued
 * while the administrator has switched e-mail notifications off.
 */
export async function queueMail(
  client: PoolClient,
  settings: Settings,
  mail: {
    template: MailTemplate;
    to: string;
    language: Language;
    idempotencyKey: string;
    data: Record<string, string>;
    /** Values that must not sit in clear in the queue (a link's token), already sealed for `to`. */
    sealed?: Record<string, string>;
  },
): Promise<void> {
  if (!settings.emailNotifications) return;
  const job: MailJob = {
    ...mail,
    data: { systemName: settings.systemName, adminEmail: settings.adminEmail, ...mail.data },
  };
  await addToOutbox(client, schema, { queue: mailQueueName, name: mail.template, payload: job });
}
