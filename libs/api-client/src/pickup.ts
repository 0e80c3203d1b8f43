import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoShowCount, PickupOfferInput, PickupPlan } from '@medrelay/contracts';
import { requestEndpoints as requests } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { refetchAfterRequestChange } from './requests';

/** Query keys of the pickup plans. */
export const pickupKeys = {
  plan: (id: number) => routeKey(requests.pickupPlan, { params: { id } }),
  /** Every no-show count asked (invalidating this matches each page's). */
  noShows: routeKey(requests.noShowCounts),
};

/** The pickup plan of an approved request: windows, choice, proposal, no-show. */
export function usePickupPlan(id: number, enabled = true) {
  return useQuery<PickupPlan>({
    queryKey: pickupKeys.plan(id),
    queryFn: ({ signal }) => callApi(requests.pickupPlan, { params: { id }, signal }),
    enabled,
    refetchOnMount: 'always',
  });
}

/** Offer, choose, propose, accept: each answers the new plan, which replaces the cached one. */
export function usePickupActions(id: number) {
  const client = useQueryClient();
  const done = (plan: PickupPlan) => {
    client.setQueryData(pickupKeys.plan(id), plan);
    void refetchAfterRequestChange(client);
  };
  return {
    offer: useMutation({
      mutationFn: (offer: PickupOfferInput) => callApi(requests.offerPickup, { params: { id }, body: offer }),
      onSuccess: done,
    }),
    choose: useMutation({
      mutationFn: (windowId: number) =>
        callApi(requests.choosePickupWindow, { params: { id }, body: { windowId } }),
      onSuccess: done,
    }),
    propose: useMutation({
      mutationFn: (window: { date: string; from: string; to: string }) =>
        callApi(requests.proposePickupWindow, { params: { id }, body: window }),
      onSuccess: done,
    }),
    accept: useMutation({
      mutationFn: () => callApi(requests.acceptPickupProposal, { params: { id } }),
      onSuccess: done,
    }),
  };
}

/**
 * Admins: missed pickup windows of the accounts shown (a page of the users list, at most
 * `noShowCountsMaxIds`), asked once they are known; the answer names those with any.
 */
export function useNoShowCounts(userIds: readonly number[]) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b).join(',');
  return useQuery<NoShowCount[]>({
    queryKey: routeKey(requests.noShowCounts, { query: { ids } }),
    queryFn: ({ signal }) => callApi(requests.noShowCounts, { query: { ids }, signal }),
    enabled: ids !== '',
  });
}
