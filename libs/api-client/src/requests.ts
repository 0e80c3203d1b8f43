import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  MedicineRequest,
  RequestCreateInput,
  RequestStatusUpdateInput,
  Transaction,
} from '@medrelay/contracts';
import { refetchStockLists } from './catalog';
import { apiRequest } from './http';

export const requestKeys = {
  mine: ['/api/requests/my'] as const,
  transactions: ['/api/transactions/my'] as const,
};

/**
 * Own requests in both directions (`direction`: incoming on own medicines, outgoing asked).
 * Screens load it afresh when opened, so requests and answers of the other party show up.
 */
export function useMyRequests() {
  return useQuery<MedicineRequest[]>({ queryKey: requestKeys.mine, refetchOnMount: 'always' });
}

/**
 * Own requests with the pickup information of approved ones; afresh when a screen opens. They are
 * the same requests as `/api/requests/my`, so that cache (which the sidebar badges read) takes
 * them too: opening such a screen brings the badge up to date without a second call.
 */
export function useMyTransactions() {
  const client = useQueryClient();
  const query = useQuery<Transaction[]>({ queryKey: requestKeys.transactions, refetchOnMount: 'always' });
  const { data, dataUpdatedAt } = query;
  useEffect(() => {
    if (data) client.setQueryData<MedicineRequest[]>(requestKeys.mine, data, { updatedAt: dataUpdatedAt });
  }, [client, data, dataUpdatedAt]);
  return query;
}

/**
 * Sidebar badge: pending requests in one direction (incoming for owners, outgoing for NGOs).
 * It follows what the screens load; on its own it loads once (spec §7: no polling).
 */
export function usePendingRequestCount(direction: 'incoming' | 'outgoing'): number | undefined {
  const { data } = useQuery<MedicineRequest[]>({ queryKey: requestKeys.mine });
  return data?.filter((r) => r.status === 'pending' && r.direction === direction).length;
}

/** Request lists (which also feed the sidebar badges) and the stock they reserve or release. */
function refetchAfterRequestChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: requestKeys.mine }),
    client.invalidateQueries({ queryKey: requestKeys.transactions }),
    refetchStockLists(client),
  ]);
}

export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestCreateInput) => apiRequest<MedicineRequest>('POST', '/api/requests', input),
    onSettled: () => refetchAfterRequestChange(client),
  });
}

/**
 * Moves a request along spec §4: approve (with pickup details; required for donations),
 * reject, cancel or mark as collected.
 */
export function useChangeRequestStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: RequestStatusUpdateInput & { id: number }) =>
      apiRequest<MedicineRequest>('PUT', `/api/requests/${id}/status`, change),
    onSettled: () => refetchAfterRequestChange(client),
  });
}
