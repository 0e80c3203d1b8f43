import {
  type DonationStatusEntry,
  requestStatusFigures,
  type RequestStatus,
  type RequestStatusFigure,
  type RequestSummary,
} from '@medrelay/contracts';
import {
  donationStatusOf,
  receivedByMonth,
  receivedSummary,
  cairoTimeZone,
  revenueRecovered,
  successfulTransfers,
  type TransferLike,
} from '@medrelay/domain';
import type { Pool } from '@medrelay/service-kit';
import { medicineCounts, statusCountsOf, summaryGroups, type SummaryGroup } from './repo';

/** Months the summary's monthly figures cover (the NGO analytics chart). */
const summaryMonths = 6;

/**
 * The caller's figures (GET /api/requests/my/summary): SQL groups the requests, the libs/domain
 * formulas (the same the screens used on whole lists) turn the groups into figures.
 */
const counts = () =>
  Object.fromEntries(requestStatusFigures.map((s) => [s, 0])) as Record<RequestStatusFigure, number>;

export async function requestSummary(db: Pool, userId: number, now = new Date()): Promise<RequestSummary> {
  const [groups, medicines] = await Promise.all([
    summaryGroups(db, userId, cairoTimeZone),
    medicineCounts(db, userId),
  ]);
  const byDirection = { incoming: counts(), outgoing: counts() };
  const held = { incoming: 0, outgoing: 0 };
  const statusGroups: Array<SummaryGroup & { status: RequestStatus }> = [];
  for (const g of groups) {
    if (g.status === 'held') held[g.direction] += g.requests;
    else byDirection[g.direction][g.status] += g.requests;
    if (g.status !== 'held' && g.status !== 'disputed' && g.status !== 'calledOff')
      statusGroups.push({ ...g, status: g.status });
  }
  // The figures of transfers read statuses only: a disputed collection is in none of them.
  const transfers: TransferLike[] = statusGroups.map((g) => ({
    direction: g.direction,
    status: g.status,
    quantity: Number(g.units),
    requests: g.requests,
    updatedAt: g.updated_at.toISOString(),
    unitPrice: g.unit_price,
    originalUnitPrice: g.original_unit_price,
    medicine: g.source ? { source: g.source } : null,
  }));
  const { units, patientsServed, estimatedValue, unpricedUnits, bySource } = receivedSummary(transfers);
  return {
    ...byDirection,
    successfulTransfers: successfulTransfers(transfers),
    revenueRecovered: revenueRecovered(transfers),
    received: {
      units,
      patientsServed,
      estimatedValue,
      unpricedUnits,
      medicines: medicines.received,
      bySource,
    },
    receivedByMonth: receivedByMonth(transfers, summaryMonths, now),
    medicines: {
      completed: medicines.completed,
      pickupScheduled: medicines.scheduled,
      available: medicines.available,
    },
    collected: byDirection.incoming.completed,
    held,
  };
}

/** The donation badge of each asked medicine (libs/domain rule over the counts SQL makes). */
export async function donationStatusesOf(
  db: Pool,
  ownerId: number,
  ids: number[],
): Promise<DonationStatusEntry[]> {
  const counts = new Map<number, Partial<Record<RequestStatus, number>>>(ids.map((id) => [id, {}]));
  for (const row of await statusCountsOf(db, ownerId, ids)) counts.get(row.medicine_id)![row.status] = row.n;
  return ids.map((medicineId) => ({ medicineId, status: donationStatusOf(counts.get(medicineId)!) }));
}
