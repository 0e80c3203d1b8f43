import type { MailJob } from '@medrelay/contracts';
import type { PoolClient } from '@medrelay/service-kit';

// The e-mails already sent, by idempotency key: each one goes out once.

export async function wasSent(client: PoolClient, idempotencyKey: string): Promise<boolean> {
  const seen = await client.query('SELECT 1 FROM identity.sent_mail WHERE idempotency_key = $1', [
    idempotencyKey,
  ]);
  return (seen.rowCount ?? 0) > 0;
}

export async function recordSent(client: PoolClient, mail: MailJob): Promise<void> {
  await client.query(
    'INSERT INTO identity.sent_mail (idempotency_key, template, recipient) VALUES ($1, $2, $3)',
    [mail.idempotencyKey, mail.template, mail.to],
  );
}
