import type {
  Language,
  Profile,
  RegistrationRejectionReason,
  User,
  UserListQuery,
  UserStatus,
  UserType,
} from '@medrelay/contracts';
import type { AreaKey, Governorate } from '@medrelay/domain/governorates';
import type { LatLng } from '@medrelay/domain/pickup-points';
import type { Pool, PoolClient } from '@medrelay/service-kit';

type Db = Pool | PoolClient;

interface UserRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  user_type: UserType;
  status: UserStatus;
  language: Language;
  governorate: Governorate | null;
  area: AreaKey | null;
  pin_lat: number | null;
  pin_lng: number | null;
  version: number;
  email_verified_at: Date | null;
  pending_email: string | null;
  created_at: Date;
  updated_at: Date;
  password_hash?: string;
  address: string | null;
  commercial_license: string | null;
  license_document: string | null;
  organization_name: string | null;
  commercial_number: string | null;
  pharmacist_license: string | null;
  pharmacist_license_submitted_at: Date | null;
  verification_documents: string | null;
  rejection_reason: RegistrationRejectionReason | null;
  deleted_at: Date | null;
}

export interface StoredUser extends User {
  version: number;
}

/** Users joined with whichever profile table matches their type; `extra` adds columns of u. */
const selectUsers = (extra = '') => `
  SELECT u.id, u.email, u.name, u.phone, u.user_type, u.status, u.language, u.governorate, u.area, u.pin_lat, u.pin_lng, u.version,
         u.created_at, u.updated_at, u.email_verified_at, u.deleted_at,
         (SELECT l.email FROM identity.account_links l
           WHERE l.user_id = u.id AND l.purpose = 'email-change' AND l.used_at IS NULL AND l.expires_at > now()
           ORDER BY l.created_at DESC LIMIT 1) AS pending_email,${extra}
         -- Rejected at registration (never approved): the latest reason (migration 018).
         CASE WHEN u.approved_at IS NULL THEN
           (SELECT r.reason FROM identity.registration_rejections r
             WHERE r.user_id = u.id ORDER BY r.id DESC LIMIT 1) END AS rejection_reason,
         COALESCE(p.address, n.address, d.address) AS address,
         p.commercial_license, p.license_document,
         n.organization_name, n.commercial_number, n.pharmacist_license, n.pharmacist_license_submitted_at,
         n.verification_documents
    FROM identity.users u
    LEFT JOIN identity.pharmacies p ON p.user_id = u.id
    LEFT JOIN identity.ngos n ON n.user_id = u.id
    LEFT JOIN identity.donors d ON d.user_id = u.id`;

function profileOf(row: UserRow): Profile | null {
  switch (row.user_type) {
    case 'pharmacy':
      return {
        address: row.address,
        commercialLicense: row.commercial_license,
        licenseDocument: row.license_document,
      };
    case 'ngo':
      return {
        address: row.address,
        organizationName: row.organization_name,
        commercialNumber: row.commercial_number,
        pharmacistLicense: row.pharmacist_license,
        pharmacistLicensePending: row.pharmacist_license_submitted_at !== null,
        verificationDocuments: row.verification_documents,
      };
    case 'donor':
      return { address: row.address };
    default:
      return null;
  }
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    userType: row.user_type,
    status: row.status,
    language: row.language,
    governorate: row.governorate,
    area: row.area,
    pin: row.pin_lat === null || row.pin_lng === null ? null : { lat: row.pin_lat, lng: row.pin_lng },
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    profile: profileOf(row),
    emailVerified: row.email_verified_at !== null,
    pendingEmail: row.pending_email,
    rejectionReason: row.rejection_reason,
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}

/** The public user without the internal version counter. */
export function publicUser(user: StoredUser): User {
  const { version: _version, ...rest } = user;
  return rest;
}

export async function findUserById(db: Db, id: number, forUpdate = false): Promise<StoredUser | null> {
  const lock = forUpdate ? ' FOR UPDATE OF u' : '';
  const { rows } = await db.query<UserRow>(`${selectUsers()} WHERE u.id = $1${lock}`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** Takes up to `limit` users a migration listed to be published again (removed as taken). */
export async function takeUsersToRepublish(db: PoolClient, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ user_id: number }>(
    `DELETE FROM identity.users_to_republish WHERE user_id IN (
       SELECT user_id FROM identity.users_to_republish ORDER BY user_id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING user_id`,
    [limit],
  );
  return rows.map((r) => r.user_id);
}

/** A user at a newer version (their next event supersedes every earlier one), or null if gone. */
export async function bumpUserVersion(db: PoolClient, id: number): Promise<StoredUser | null> {
  await db.query('UPDATE identity.users SET version = version + 1 WHERE id = $1', [id]);
  return findUserById(db, id);
}

export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<{ user: StoredUser; passwordHash: string } | null> {
  const { rows } = await db.query<UserRow>(
    `${selectUsers(' u.password_hash,')} WHERE lower(u.email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  return row ? { user: toUser(row), passwordHash: row.password_hash! } : null;
}

type UserFilter = Pick<UserListQuery, 'status' | 'userType' | 'q'>;

/** The WHERE conditions of the admin list's filters (parameters added to `params`). */
function userFilterWhere(query: UserFilter, params: unknown[]): string[] {
  const where: string[] = [];
  // A deleted account keeps the status `rejected` but is listed apart (docs/accounts.md).
  if (query.status === 'deleted') where.push('u.deleted_at IS NOT NULL');
  else if (query.status) where.push(`u.status = $${params.push(query.status)} AND u.deleted_at IS NULL`);
  if (query.userType) where.push(`u.user_type = $${params.push(query.userType)}`);
  if (query.q) {
    const n = params.push(`%${query.q.replace(/[\\%_]/g, '\\$&')}%`);
    where.push(`(u.name ILIKE $${n} OR u.email ILIKE $${n} OR n.organization_name ILIKE $${n})`);
  }
  return where;
}

/** One page of users, newest first, and how many match in all. */
export async function listUsers(
  db: Db,
  query: UserFilter & { page?: number; pageSize?: number },
): Promise<{ rows: StoredUser[]; total: number }> {
  const params: unknown[] = [];
  const where = userFilterWhere(query, params);
  const clause = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  let paging = '';
  if (query.pageSize) {
    paging = ` LIMIT $${params.push(query.pageSize)} OFFSET $${params.push(((query.page ?? 1) - 1) * query.pageSize)}`;
  }
  const { rows } = await db.query<UserRow & { total: number }>(
    `SELECT s.*, count(*) OVER ()::int AS total FROM (${selectUsers()}${clause}) s
      ORDER BY s.created_at DESC, s.id DESC${paging}`,
    params,
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && query.page && query.page > 1) {
    // Past the last page: the window count is gone with the rows, so count apart.
    total = (await listUsers(db, { ...query, page: 1 })).total;
  }
  return { rows: rows.map(toUser), total };
}

/**
 * Export Data's page of users: the next `pageSize` after id `after`, in id order, through the
 * primary key, with no count and no OFFSET (a page costs the same however deep).
 */
export async function listUsersAfter(
  db: Db,
  query: UserFilter & { pageSize: number; after: number },
): Promise<StoredUser[]> {
  const params: unknown[] = [];
  const where = [...userFilterWhere(query, params), `u.id > $${params.push(query.after)}`];
  const { rows } = await db.query<UserRow>(
    `${selectUsers()} WHERE ${where.join(' AND ')} ORDER BY u.id LIMIT $${params.push(query.pageSize)}`,
    params,
  );
  return rows.map(toUser);
}

/** NGOs whose pharmacist's licence waits for an administrator, the longest waiting first. */
export async function listLicensesWaiting(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<{ rows: StoredUser[]; total: number }> {
  const { rows } = await db.query<UserRow & { total: number }>(
    `SELECT s.*, count(*) OVER ()::int AS total
       FROM (${selectUsers()} WHERE n.pharmacist_license_submitted_at IS NOT NULL) s
      ORDER BY s.pharmacist_license_submitted_at, s.id LIMIT $1 OFFSET $2`,
    [page.pageSize, (page.page - 1) * page.pageSize],
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.page > 1) total = (await listLicensesWaiting(db, { ...page, page: 1 })).total;
  return { rows: rows.map(toUser), total };
}

/**
 * Holds the NGO's pharmacist's licence, just added after its account's review, for an
 * administrator, and leaves a notice for their digest (same transaction).
 */
export async function holdLicenseForReview(db: PoolClient, userId: number): Promise<void> {
  await db.query('UPDATE identity.ngos SET pharmacist_license_submitted_at = now() WHERE user_id = $1', [
    userId,
  ]);
  await db.query('INSERT INTO identity.license_notices (user_id) VALUES ($1)', [userId]);
}

/** An administrator's decision on a waiting licence: accepted, it counts; refused, it is cleared. */
export async function decideLicense(db: PoolClient, userId: number, accept: boolean): Promise<void> {
  await db.query(
    `UPDATE identity.ngos SET pharmacist_license_submitted_at = NULL,
            pharmacist_license = CASE WHEN $2 THEN pharmacist_license END
      WHERE user_id = $1`,
    [userId, accept],
  );
  await db.query('UPDATE identity.users SET version = version + 1, updated_at = now() WHERE id = $1', [
    userId,
  ]);
}

export interface NewUser {
  email: string;
  passwordHash: string;
  name: string;
  phone: string;
  userType: UserType;
  status: UserStatus;
  language: Language;
  governorate?: Governorate | null | undefined;
  area?: AreaKey | null | undefined;
  pin?: LatLng | null | undefined;
  address?: string;
  commercialLicense?: string;
  organizationName?: string;
  commercialNumber?: string;
  pharmacistLicense?: string | null;
  /** Created by an operator (administrators, demo data): the address counts as proven. */
  emailVerified?: boolean;
}

/** Inserts the user and the profile of its type. Returns null when the e-mail is taken. */
export async function insertUser(db: PoolClient, user: NewUser): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO identity.users (email, password_hash, name, phone, user_type, status, language, governorate, area, pin_lat, pin_lng)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`,
    [
      user.email,
      user.passwordHash,
      user.name,
      user.phone,
      user.userType,
      user.status,
      user.language,
      user.governorate ?? null,
      user.area ?? null,
      user.pin?.lat ?? null,
      user.pin?.lng ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  if (user.emailVerified)
    await db.query('UPDATE identity.users SET email_verified_at = created_at WHERE id = $1', [id]);
  await insertProfile(db, id, user);
  return id;
}

/** The profile row of the user's type (none for administrators). */
export async function insertProfile(db: PoolClient, id: number, user: NewUser): Promise<void> {
  if (user.userType === 'pharmacy') {
    await db.query(
      'INSERT INTO identity.pharmacies (user_id, commercial_license, address) VALUES ($1, $2, $3)',
      [id, user.commercialLicense, user.address ?? null],
    );
  } else if (user.userType === 'ngo') {
    await db.query(
      `INSERT INTO identity.ngos (user_id, organization_name, commercial_number, pharmacist_license, address)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        id,
        user.organizationName,
        user.commercialNumber,
        user.pharmacistLicense ?? null,
        user.address ?? null,
      ],
    );
  } else if (user.userType === 'donor') {
    await db.query('INSERT INTO identity.donors (user_id, address) VALUES ($1, $2)', [
      id,
      user.address ?? null,
    ]);
  }
}

export async function updateUserStatus(db: PoolClient, id: number, status: UserStatus): Promise<void> {
  await db.query(
    `UPDATE identity.users SET status = $2, version = version + 1, updated_at = now(), reviewed_at = now()
      WHERE id = $1`,
    [id, status],
  );
}

/** The preferred language of the account with this e-mail, if there is one. */
export async function languageOfEmail(db: Db, email: string): Promise<Language | null> {
  const { rows } = await db.query<{ language: Language }>(
    'SELECT language FROM identity.users WHERE lower(email) = lower($1)',
    [email],
  );
  return rows[0]?.language ?? null;
}

const profileTables = {
  pharmacy: 'identity.pharmacies',
  ngo: 'identity.ngos',
  donor: 'identity.donors',
} as const;
const profileColumns = {
  address: 'address',
  commercialLicense: 'commercial_license',
  organizationName: 'organization_name',
  commercialNumber: 'commercial_number',
  pharmacistLicense: 'pharmacist_license',
} as const;

/** Updates the user's own fields and the profile fields of its role; bumps the version. */
export async function updateAccount(
  db: PoolClient,
  user: { id: number; userType: UserType },
  changes: {
    name?: string;
    phone?: string;
    language?: Language;
    governorate?: Governorate | null | undefined;
    area?: AreaKey | null | undefined;
    pin?: LatLng | null | undefined;
  } & Partial<Record<keyof typeof profileColumns, string | undefined>>,
): Promise<void> {
  await db.query(
    `UPDATE identity.users SET name = COALESCE($2, name), phone = COALESCE($3, phone), language = COALESCE($4, language),
       governorate = CASE WHEN $5 THEN $6 ELSE governorate END,
       area = CASE WHEN $7 THEN $8 ELSE area END,
       pin_lat = CASE WHEN $9 THEN $10::float8 ELSE pin_lat END, pin_lng = CASE WHEN $9 THEN $11::float8 ELSE pin_lng END,
       version = version + 1, updated_at = now() WHERE id = $1`,
    [
      user.id,
      changes.name ?? null,
      changes.phone ?? null,
      changes.language ?? null,
      // Absent leaves it; null clears it.
      changes.governorate !== undefined,
      changes.governorate ?? null,
      changes.area !== undefined,
      changes.area ?? null,
      changes.pin !== undefined,
      changes.pin?.lat ?? null,
      changes.pin?.lng ?? null,
    ],
  );
  if (user.userType === 'admin') return;
  const sets: string[] = [];
  const params: unknown[] = [user.id];
  for (const [field, column] of Object.entries(profileColumns)) {
    if (field in changes)
      sets.push(`${column} = $${params.push(changes[field as keyof typeof profileColumns] ?? null)}`);
  }
  if (sets.length)
    await db.query(
      `UPDATE ${profileTables[user.userType]} SET ${sets.join(', ')} WHERE user_id = $1`,
      params,
    );
}

export async function findPasswordHash(db: Db, id: number): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM identity.users WHERE id = $1',
    [id],
  );
  return rows[0]?.password_hash ?? null;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE identity.users SET password_hash = $2, updated_at = now() WHERE id = $1', [
    id,
    passwordHash,
  ]);
}

/** A user's status, the row held FOR SHARE until the transaction ends (null: no such user). */
export async function shareLockStatus(client: PoolClient, id: number): Promise<UserStatus | null> {
  const { rows } = await client.query<{ status: UserStatus }>(
    'SELECT status FROM identity.users WHERE id = $1 FOR SHARE',
    [id],
  );
  return rows[0]?.status ?? null;
}

/** Rejected and suspended accounts, with when their status last changed (ms since 1970, as text). */
export async function rejectedUsers(db: Db): Promise<Array<{ id: number; changed_ms: string }>> {
  const { rows } = await db.query<{ id: number; changed_ms: string }>(
    "SELECT id, floor(extract(epoch FROM updated_at) * 1000)::bigint AS changed_ms FROM identity.users WHERE status = 'rejected'",
  );
  return rows;
}

/** The approved administrators: who is told live of accounts and licences waiting for review. */
export async function approvedAdminIds(db: PoolClient): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    "SELECT id FROM identity.users WHERE user_type = 'admin' AND status = 'approved'",
  );
  return rows.map((r) => r.id);
}
