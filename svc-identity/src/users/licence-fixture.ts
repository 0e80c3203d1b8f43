import type { TestIdentity } from '../testing';
import { republishUsers } from './events';

/**
 * Makes an NGO one approved before the pharmacist's licence was asked (none recorded) and
 * publishes it as identity does at start (`republishUsers`): other services' read models then
 * hear that it has no pharmacist. Returns how many users were published again.
 */
export async function withoutPharmacistLicense(identity: TestIdentity, userId: number): Promise<number> {
  const pool = identity.service.ctx.pool;
  await pool.query('UPDATE identity.ngos SET pharmacist_license = NULL WHERE user_id = $1', [userId]);
  await pool.query('INSERT INTO identity.users_to_republish (user_id) VALUES ($1)', [userId]);
  const republished = await republishUsers(pool);
  identity.service.ctx.outbox.nudge();
  return republished;
}
