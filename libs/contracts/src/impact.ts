import { z } from 'zod';

/** The landing page's live impact figures (public; computed from the platform's data). */
export const publicImpactSchema = z.object({
  /** Units of medicine in completed requests. */
  medicinesSaved: z.number().int().nonnegative(),
  /** Estimated from medicines saved with the Lives Impacted rule (spec §9). */
  patientsServed: z.number().int().nonnegative(),
  /** Approved pharmacies, NGOs and donors. */
  activePartners: z.number().int().nonnegative(),
  /**
   * Share of near-expiry units that were redistributed rather than left to expire; null while
   * too few units make it meaningful (libs/domain `wasteReducedPercent`): the page then shows
   * the spec's marketing wording instead.
   */
  wasteReducedPercent: z.number().min(0).max(100).nullable(),
});
export type PublicImpact = z.infer<typeof publicImpactSchema>;

/**
 * Each service's part of the impact figures, at `GET /impact` on the service itself. Not under
 * /api: the gateway never proxies it; it only combines the parts into `GET /api/impact`.
 */
export const impactPartPath = '/impact';
export const identityImpactSchema = z.object({ activePartners: z.number().int().nonnegative() });
export const requestsImpactSchema = z.object({ medicinesSaved: z.number().int().nonnegative() });
/** Units still listed when their expiry date passed: the waste the platform did not prevent. */
export const catalogImpactSchema = z.object({ expiredUnits: z.number().int().nonnegative() });
export type IdentityImpact = z.infer<typeof identityImpactSchema>;
export type RequestsImpact = z.infer<typeof requestsImpactSchema>;
export type CatalogImpact = z.infer<typeof catalogImpactSchema>;
