import type { MailJob } from '@medrelay/contracts';
import type { Pool, PoolClient } from '@medrelay/service-kit';

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

/** `recordSent` outside the sending transaction, for a delivery whose record was cut off; once. */
export async function recordSentOnce(pool: Pool, mail: MailJob): Promise<void> {
  await pool.query(
    `INSERT INTO identity.sent_mail (idempotency_key, template, recipient) VALUES ($1, $2, $3)
     ON CONFLICT (idempotency_key) DO NOTHING`,
    [mail.idempotencyKey, mail.template, mail.to],
  );
}
