import type pg from 'pg';

/**
 * Inbox side of the integration events: records the event id in the consumer's
 * `<schema>.inbox` table, in the transaction that applies the event. Returns false when the
 * event was already applied, so a redelivered or duplicated event changes nothing.
 *
 * Table: inbox(event_id uuid pk, event_type text, received_at timestamptz).
 */
export async function firstDelivery(
  client: pg.PoolClient,
  schema: string,
  eventId: string,
  eventType: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `INSERT INTO ${schema}.inbox (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [eventId, eventType],
  );
  return rowCount === 1;
}
