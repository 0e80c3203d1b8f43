import type { MedicineSource, RequestStatus } from '@medrelay/contracts';
import { livesImpacted } from './stats';

/** The parts of a request (or transaction) the figures below read. */
export interface TransferLike {
  status: RequestStatus;
  quantity: number;
  direction?: 'incoming' | 'outgoing';
  /** When the status last changed: for a completed request, when it was collected. */
  updatedAt: string;
  /** Prices recorded on approval (the listing may have been edited since): discount and original. */
  unitPrice: string | null;
  originalUnitPrice: string | null;
  medicine: { source: MedicineSource } | null;
}

type AgreedPrices = Pick<TransferLike, 'unitPrice' | 'originalUnitPrice'>;

const money = (value: string | null) => (value === null ? null : Number(value));

/** What a unit was actually charged: the discount price; none means it was given away free (spec §9). */
export function chargedUnitPrice(transfer: AgreedPrices): number {
  return money(transfer.unitPrice) ?? 0;
}

/** What a unit is worth on the market: the original price, else the discount price; null when unknown. */
export function marketUnitPrice(transfer: AgreedPrices): number | null {
  return money(transfer.originalUnitPrice) ?? money(transfer.unitPrice);
}

const roundMoney = (value: number) => Math.round(value * 100) / 100;

const completed = (direction: 'incoming' | 'outgoing') => (r: TransferLike) =>
  r.status === 'completed' && r.direction === direction;

/** A pharmacy's transfers out: requests on its own medicines that were collected. */
export function successfulTransfers(requests: TransferLike[]): number {
  return requests.filter(completed('incoming')).length;
}

/**
 * Revenue Recovered (replaces the spec's fixed 12,450 EGP): over completed transfers out of the
 * owner's medicines, quantity × the unit price charged. Free transfers (no discount price) add nothing.
 */
export function revenueRecovered(requests: TransferLike[]): number {
  let total = 0;
  for (const r of requests.filter(completed('incoming'))) total += chargedUnitPrice(r) * r.quantity;
  return roundMoney(total);
}

export interface ReceivedSummary {
  /** Units collected (Medicines Received). */
  units: number;
  /** floor(1.5 × units), as the landing page counts patients (spec §9 Lives Impacted). */
  patientsServed: number;
  /** Market value of the units whose price is known. */
  estimatedValue: number;
  /** Units whose value is unknown (no price on the listing), left out of estimatedValue. */
  unpricedUnits: number;
  bySource: Record<MedicineSource, number>;
}

/** What a requester (an NGO) has received: its completed outgoing requests. */
export function receivedSummary(requests: TransferLike[]): ReceivedSummary {
  const summary: ReceivedSummary = {
    units: 0,
    patientsServed: 0,
    estimatedValue: 0,
    unpricedUnits: 0,
    bySource: { pharmacy: 0, donor: 0 },
  };
  for (const r of requests.filter(completed('outgoing'))) {
    summary.units += r.quantity;
    if (r.medicine) summary.bySource[r.medicine.source] += r.quantity;
    const price = marketUnitPrice(r);
    if (price === null) summary.unpricedUnits += r.quantity;
    else summary.estimatedValue += price * r.quantity;
  }
  summary.patientsServed = livesImpacted(summary.units);
  summary.estimatedValue = roundMoney(summary.estimatedValue);
  return summary;
}

export interface MonthlyReceived {
  /** First day of the month (local time). */
  month: Date;
  units: Record<MedicineSource, number>;
  value: number;
}

/** Received units and value per calendar month of collection, the last `months` months, oldest first. */
export function receivedByMonth(
  requests: TransferLike[],
  months: number,
  now: Date = new Date(),
): MonthlyReceived[] {
  const buckets: MonthlyReceived[] = [];
  for (let i = months - 1; i >= 0; i--) {
    buckets.push({
      month: new Date(now.getFullYear(), now.getMonth() - i, 1),
      units: { pharmacy: 0, donor: 0 },
      value: 0,
    });
  }
  const first = buckets[0]!.month;
  for (const r of requests.filter(completed('outgoing'))) {
    const at = new Date(r.updatedAt);
    if (at < first || at > now) continue;
    const index = (at.getFullYear() - first.getFullYear()) * 12 + at.getMonth() - first.getMonth();
    const bucket = buckets[index];
    if (!bucket || !r.medicine) continue;
    bucket.units[r.medicine.source] += r.quantity;
    bucket.value = roundMoney(bucket.value + (marketUnitPrice(r) ?? 0) * r.quantity);
  }
  return buckets;
}
