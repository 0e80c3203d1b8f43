import { useQuery } from '@tanstack/react-query';
import { startOfNextCairoDay } from '@medrelay/domain/calendar';
import { catalogEndpoints } from '@medrelay/contracts/endpoints';
import { routeKey } from './call';
import { apiPage, type Page } from './http';
import { useLiveConnected } from './live-status';
import { getQueryFn } from './query-client';

/** The fields of an expiring medicine the alert bell reads (spec §7). */
export interface ExpiringMedicine {
  id: number;
  name: string;
  quantity: number;
  expiryDate: string;
}

/** Spec §2/§9: the bell refreshes every 15 minutes (while the live stream is down). */
export const expiryAlertRefreshMs = 15 * 60 * 1000;

/**
 * While the live stream is open, events refresh the list when stock or alerts change; what is
 * left is the calendar: days left move at Cairo midnight, so it is read again just after.
 */
export function untilNextCairoDayMs(now: Date = new Date()): number {
  return startOfNextCairoDay(now).getTime() - now.getTime() + 60_000;
}

/**
 * The soonest expiring own stock (at most 100 rows) and how many expire in all (`X-Total-Count`).
 * No `days`: the server applies the administrator's expiry warning setting, so the bell follows it.
 */
export function useExpiringMedicines(enabled: boolean) {
  const live = useLiveConnected();
  return useQuery<Page<ExpiringMedicine>>({
    queryKey: routeKey(catalogEndpoints.expiringMedicines),
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<ExpiringMedicine>),
    enabled,
    refetchInterval: () => (live ? untilNextCairoDayMs() : expiryAlertRefreshMs),
    // The alert window moves with the clock, so this list may go stale (unlike the defaults).
    staleTime: expiryAlertRefreshMs,
  });
}
