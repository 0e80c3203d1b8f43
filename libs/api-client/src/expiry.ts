import { useQuery } from '@tanstack/react-query';
import { catalogEndpoints } from '@medrelay/contracts/endpoints';
import { routeKey } from './call';
import { apiPage, type Page } from './http';
import { getQueryFn } from './query-client';

/** The fields of an expiring medicine the alert bell reads (spec §7). */
export interface ExpiringMedicine {
  id: number;
  name: string;
  quantity: number;
  expiryDate: string;
}

/** Spec §2/§9: the bell refreshes every 15 minutes. */
export const expiryAlertRefreshMs = 15 * 60 * 1000;

/**
 * The soonest expiring own stock (at most 100 rows) and how many expire in all (`X-Total-Count`).
 * No `days`: the server applies the administrator's expiry warning setting, so the bell follows it.
 */
export function useExpiringMedicines(enabled: boolean) {
  return useQuery<Page<ExpiringMedicine>>({
    queryKey: routeKey(catalogEndpoints.expiringMedicines),
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<ExpiringMedicine>),
    enabled,
    refetchInterval: expiryAlertRefreshMs,
    // The alert window moves with the clock, so this list may go stale (unlike the defaults).
    staleTime: expiryAlertRefreshMs,
  });
}
