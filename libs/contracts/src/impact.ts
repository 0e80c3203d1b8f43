import { z } from 'zod';

/** The landing page's live impact figures (public; computed from the platform's data). */
export const publicImpactSchema = z.object({
  /** Units of medicine in completed requests. */
  medicinesSaved: z.number().int().nonnegative(),
  /** Estimated from medicines saved with the Lives Impacted rule (spec §9). */
  patientsServed: z.number().int().nonnegative(),
  /** Approved pharmacies, NGOs and donors. */
  activePartners: z.number().int().nonnegative(),
  /** Share of near-expiry units that were redistributed rather than left to expire. */
  wasteReducedPercent: z.number().min(0).max(100),
});
export type PublicImpact = z.infer<typeof publicImpactSchema>;
