import type { IdentityImpact } from '@medrelay/contracts';
import type { Pool } from '@medrelay/service-kit';

/** Approved pharmacies, NGOs and donors (the public impact figures). */
export async function identityImpact(db: Pool): Promise<IdentityImpact> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM identity.users WHERE status = 'approved' AND user_type <> 'admin'`,
  );
  return { activePartners: rows[0]!.n };
}
