import { userEventSchema, type UserEvent, type UserSnapshot } from '@medrelay/contracts';
import { sharedPickupPointOf } from '@medrelay/domain/pickup-points';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from 'pino';
import { withTransaction } from './db';
import { firstDelivery } from './inbox';
import { createWorker, type Job } from './queue';

/**
 * The local copy of identity's users that catalog and requests keep (`<schema>.users`, same
 * columns in both), fed by identity's user events. An event applies once (inbox) and only
 * when newer than what is stored (version), so redelivered or reordered events do no harm.
 */
export async function applyUserEvent(
  client: pg.PoolClient,
  schema: string,
  event: UserEvent,
): Promise<boolean> {
  if (!(await firstDelivery(client, schema, event.eventId, event.type))) return false;
  await upsertUser(client, schema, event.user);
  return true;
}

async function upsertUser(client: pg.PoolClient, schema: string, user: UserSnapshot): Promise<void> {
  // The pickup point is worked out here once, so both services compute distances alike.
  const point = sharedPickupPointOf(user);
  await client.query(
    `INSERT INTO ${schema}.users (id, name, email, user_type, status, address, organization_name, language, version, phone, governorate,
                                  area, pin_lat, pin_lng, lat, lng, has_pharmacist)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     ON CONFLICT (id) DO UPDATE SET
       name = excluded.name, email = excluded.email, phone = excluded.phone, user_type = excluded.user_type,
       status = excluded.status, address = excluded.address,
       organization_name = excluded.organization_name, language = excluded.language,
       governorate = excluded.governorate, area = excluded.area, pin_lat = excluded.pin_lat,
       pin_lng = excluded.pin_lng, lat = excluded.lat, lng = excluded.lng,
       has_pharmacist = excluded.has_pharmacist, version = excluded.version, updated_at = now()
     WHERE ${schema}.users.version < excluded.version`,
    [
      user.id,
      user.name,
      user.email,
      user.userType,
      user.status,
      user.address,
      user.organizationName,
      user.language,
      user.version,
      user.phone,
      user.governorate ?? null,
      user.area ?? null,
      user.pin?.lat ?? null,
      user.pin?.lng ?? null,
      point?.lat ?? null,
      point?.lng ?? null,
      user.hasPharmacist ?? null,
    ],
  );
}

/** A user as the read model holds it (`<schema>.users`). */
export interface ReadModelUser {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  user_type: UserSnapshot['userType'];
  status: UserSnapshot['status'];
  address: string | null;
  organization_name: string | null;
  language: UserSnapshot['language'];
  governorate: UserSnapshot['governorate'] | null;
  area: UserSnapshot['area'] | null;
  pin_lat: number | null;
  pin_lng: number | null;
  /** Whether a licensed pharmacist receives for the user; null until identity said. */
  has_pharmacist: boolean | null;
  /** The pickup point (pin, else area centre, else governorate capital), or null. */
  lat: number | null;
  lng: number | null;
  version: number;
}

/**
 * Donors' points moved off their pins (`sharedPickupPointOf`) for rows written before that rule:
 * idempotent, run at start; only donors whose point is still their pin change.
 */
export async function repointDonors(pool: pg.Pool, schema: string): Promise<number> {
  const { rows } = await pool.query<Pick<ReadModelUser, 'id' | 'area' | 'governorate'>>(
    `SELECT id, area, governorate FROM ${schema}.users
      WHERE user_type = 'donor' AND pin_lat IS NOT NULL AND lat = pin_lat AND lng = pin_lng`,
  );
  if (rows.length === 0) return 0;
  const points = rows.map((r) =>
    sharedPickupPointOf({ area: r.area, governorate: r.governorate, userType: 'donor' }),
  );
  await pool.query(
    `UPDATE ${schema}.users u SET lat = p.lat, lng = p.lng
       FROM unnest($1::int[], $2::float8[], $3::float8[]) AS p(id, lat, lng) WHERE u.id = p.id`,
    [rows.map((r) => r.id), points.map((p) => p?.lat ?? null), points.map((p) => p?.lng ?? null)],
  );
  return rows.length;
}

/** One user of the read model, or null before their first event has arrived. */
export async function findReadModelUser(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  id: number,
): Promise<ReadModelUser | null> {
  const { rows } = await db.query<ReadModelUser>(`SELECT * FROM ${schema}.users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * What a service does, in the same transaction, when a user event changed its read model's row
 * (before: null for a user seen for the first time). `event` says what happened (a deletion's
 * row reads as a suspended account's: only its type tells them apart).
 */
export type UserChangeHook = (
  client: pg.PoolClient,
  before: ReadModelUser | null,
  after: ReadModelUser,
  event: UserEvent,
) => Promise<void>;

/** Consumes this service's user-event queue into its read model. */
export function startUserEventConsumer(options: {
  queue: string;
  schema: string;
  pool: pg.Pool;
  connection: Redis;
  prefix: string;
  logger: Logger;
  onChange?: UserChangeHook | undefined;
}) {
  return createWorker<UserEvent>(
    options.queue,
    async (job: Job<UserEvent>) => {
      const event = userEventSchema.parse(job.data);
      const applied = await withTransaction(options.pool, async (client) => {
        const before = options.onChange
          ? await findReadModelUser(client, options.schema, event.user.id)
          : null;
        if (!(await applyUserEvent(client, options.schema, event))) return false;
        if (options.onChange) {
          const after = await findReadModelUser(client, options.schema, event.user.id);
          // An older event than what is stored changes nothing.
          if (after && after.version !== before?.version)
            await options.onChange(client, before, after, event);
        }
        return true;
      });
      return applied ? 'applied' : 'duplicate';
    },
    options.connection,
    options.prefix,
    options.logger,
  );
}
