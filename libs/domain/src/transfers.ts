import { cairoMonth } from './calendar';
import type { MedicineSource, RequestStatus } from '@medrelay/contracts';
import { pricesToCharge, type UnitPrices } from './prices';
import { livesImpacted } from './stats';

/** The parts of a request (or transaction) the figures below read. */
export interface TransferLike {
  status: RequestStatus;
  quantity: number;
  direction?: 'incoming' | 'outgoing';
  /** For a completed request, when it was collected (the server's summary: `completed_at`, migration 072). */
  updatedAt: string;
  /** Prices recorded on approval (the listing may have been edited since): discount and original. */
  unitPrice: string | null;
  originalUnitPrice: string | null;
  medicine: { source: MedicineSource } | null;
  /**
   * How many requests this entry stands for: 1 for a request (the default); the server's summary
   * passes groups of requests alike in everything above (quantity is then their sum).
   */
  requests?: number;
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

/** What `quantity` units cost at `unitPrice` each, to the piastre. */
export function transferTotal(unitPrice: number, quantity: number): number {
  return roundMoney(unitPrice * quantity);
}

/** The parts of a request its price is read from (a request as lists show it). */
export interface PricedRequest extends AgreedPrices {
  status: RequestStatus;
  quantity: number;
  /** The listing now (svc-requests' copy): its discount price is what a pending request would pay. */
  medicine: { source: MedicineSource; discountPrice?: string | null; originalPrice?: string | null } | null;
  /** The listing's prices when the request was made: a rise since is not charged (`pricesToCharge`). */
  askedPrices?: UnitPrices | null | undefined;
}

/** What a request costs its requester, per unit and in total (both 0 when free). */
export interface RequestCost {
  unitPrice: number;
  total: number;
  quantity: number;
  free: boolean;
  /**
   * `agreed`: the price recorded on approval, which later edits of the listing leave alone;
   * `current`: the listing's price now (pending), which an edit may still change before approval.
   */
  basis: 'agreed' | 'current';
}

/**
 * The price a request is (or would be) paid at: once approved, the unit price recorded then
 * (none = free, spec §9); while pending, what an approval now would record (the listing's
 * discount price, or the one asked at when lower: `pricesToCharge`). Donations are free.
 * A request that ended (rejected or cancelled) has none, even one approved before (a pickup
 * called off: the price agreed is no longer due): null, as when the listing is not known yet.
 */
export function requestCost(request: PricedRequest): RequestCost | null {
  const approvedOnce = request.status === 'approved' || request.status === 'completed';
  let unitPrice: number;
  if (approvedOnce) unitPrice = money(request.unitPrice ?? null) ?? 0;
  else if (request.status === 'pending' && request.medicine) {
    const now = {
      discountPrice: request.medicine.discountPrice ?? null,
      originalPrice: request.medicine.originalPrice ?? null,
    };
    const charged = pricesToCharge(request.askedPrices ?? null, now);
    unitPrice = request.medicine.source === 'donor' ? 0 : (money(charged.discountPrice) ?? 0);
  } else return null;
  if (request.medicine?.source === 'donor') unitPrice = 0;
  return {
    unitPrice,
    total: transferTotal(unitPrice, request.quantity),
    quantity: request.quantity,
    free: unitPrice === 0,
    basis: approvedOnce ? 'agreed' : 'current',
  };
}

const completed = (direction: 'incoming' | 'outgoing') => (r: TransferLike) =>
  r.status === 'completed' && r.direction === direction;

/** A pharmacy's transfers out: requests on its own medicines that were collected. */
export function successfulTransfers(requests: TransferLike[]): number {
  return requests.filter(completed('incoming')).reduce((sum, r) => sum + (r.requests ?? 1), 0);
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

/** The first day of a `YYYY-MM` month as a local date, to name the month with Intl. */
export function monthStart(key: string): Date {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Date(year, month - 1, 1);
}

/** `YYYY-MM` of `key` shifted by `delta` months. */
function addMonths(key: string, delta: number): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export interface MonthlyReceived {
  /** `YYYY-MM` (Cairo). */
  month: string;
  units: Record<MedicineSource, number>;
  value: number;
}

/** Received units and value per calendar month of collection, the last `months` months, oldest first. */
export function receivedByMonth(
  requests: TransferLike[],
  months: number,
  now: Date = new Date(),
): MonthlyReceived[] {
  const current = cairoMonth(now);
  const buckets = new Map<string, MonthlyReceived>();
  for (let i = months - 1; i >= 0; i--) {
    const month = addMonths(current, -i);
    buckets.set(month, { month, units: { pharmacy: 0, donor: 0 }, value: 0 });
  }
  for (const r of requests.filter(completed('outgoing'))) {
    const bucket = buckets.get(cairoMonth(r.updatedAt));
    if (!bucket || !r.medicine || new Date(r.updatedAt) > now) continue;
    bucket.units[r.medicine.source] += r.quantity;
    bucket.value = roundMoney(bucket.value + (marketUnitPrice(r) ?? 0) * r.quantity);
  }
  return [...buckets.values()];
}
