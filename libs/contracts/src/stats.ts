import { z } from 'zod';
import { medicineStatsSchema } from './medicines';
import { requestStatsSchema } from './requests';
import { userStatuses, userTypes } from './roles';

const count = z.number().int();

/** Identity's part of the admin statistics (GET /api/admin/users/stats). */
export const userStatsSchema = z.object({
  totalUsers: count,
  pendingApprovals: count,
  usersByType: z.object(
    Object.fromEntries(userTypes.map((t) => [t, count])) as {
      [K in (typeof userTypes)[number]]: typeof count;
    },
  ),
  userStatus: z.object(
    Object.fromEntries(userStatuses.map((s) => [s, count])) as {
      [K in (typeof userStatuses)[number]]: typeof count;
    },
  ),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The parts the gateway asks each service for. */
export const statsParts = ['identity', 'catalog', 'requests'] as const;
export type StatsPart = (typeof statsParts)[number];

/**
 * GET /api/admin/stats (spec §3 "Admin statistics" and the report buckets), aggregated by the
 * gateway. When a service does not answer, its fields are null and it is named in `unavailable`.
 */
export const adminStatsSchema = z.object({
  totalUsers: count.nullable(),
  pendingApprovals: count.nullable(),
  totalMedicines: count.nullable(),
  totalRequests: count.nullable(),
  /** Completed requests × 150 EGP (spec §9), as a decimal string. */
  estimatedValueSaved: z.string().nullable(),
  usersByType: userStatsSchema.shape.usersByType.nullable(),
  userStatus: userStatsSchema.shape.userStatus.nullable(),
  medicineSources: medicineStatsSchema.shape.medicineSources.nullable(),
  medicineExpiry: medicineStatsSchema.shape.medicineExpiry.nullable(),
  requestStatus: requestStatsSchema.shape.requestStatus.nullable(),
  needsOpen: count.nullable(),
  needsMet: count.nullable(),
  medianHoursToFirstRequest: z.number().nullable(),
  unavailable: z.array(z.enum(statsParts)),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
