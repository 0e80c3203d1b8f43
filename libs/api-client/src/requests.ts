import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  MedicineRequest,
  RequestCreateInput,
  RequestDirection,
  RequestStatus,
  RequestStatusUpdateInput,
  RequestSummary,
  Transaction,
} from '@medrelay/contracts';
import { refetchStockLists } from './catalog';
import { apiPage, apiRequest, type Page } from './http';
import { getQueryFn } from './query-client';

/** The part of a request list a screen section shows; statuses are sent comma-separated. */
export interface RequestListParams {
  direction?: RequestDirection;
  status?: readonly RequestStatus[];
  page?: number;
  pageSize?: number;
}

const listQuery = ({ status, ...rest }: RequestListParams) => ({
  ...rest,
  ...(status?.length ? { status: status.join(',') } : {}),
});

/** Query keys: the API path first (spec §7), the page and filters second; path alone matches all. */
export const requestKeys = {
  mine: ['/api/requests/my'] as const,
  transactions: ['/api/transactions/my'] as const,
  summary: ['/api/requests/my/summary'] as const,
  page: (params: RequestListParams) => ['/api/requests/my', listQuery(params)] as const,
  transactionsPage: (params: RequestListParams) => ['/api/transactions/my', listQuery(params)] as const,
};

/**
 * A screen that lists requests also brings the counts (which the sidebar badges read) up to date
 * when it opens, so a decision made by the other party shows on the badge too.
 */
function useFreshSummary() {
  useQuery<RequestSummary>({ queryKey: requestKeys.summary, refetchOnMount: 'always' });
}

const pageOptions = {
  // The default loader's guards (no call without a session), reading the total too.
  queryFn: getQueryFn({ on401: 'throw' }, apiPage),
  // Keeps the current page on screen while the next one loads.
  placeholderData: keepPreviousData,
  // Afresh when a screen opens: the other party asks and answers meanwhile.
  refetchOnMount: 'always',
} as const;

/** A page of own requests (`direction`: incoming on own medicines, outgoing asked), newest first. */
export function useRequestsPage(params: RequestListParams) {
  useFreshSummary();
  return useQuery<Page<MedicineRequest>>({ queryKey: requestKeys.page(params), ...pageOptions });
}

/** A page of own requests with the pickup information of approved ones, newest first. */
export function useTransactionsPage(params: RequestListParams) {
  useFreshSummary();
  return useQuery<Page<Transaction>>({ queryKey: requestKeys.transactionsPage(params), ...pageOptions });
}

/**
 * The caller's requests counted by the server (dashboards, history totals). `fresh`: asked again
 * whenever the screen opens; the badges read the cached answer and follow the screens.
 */
export function useRequestSummary(options: { fresh?: boolean } = {}) {
  return useQuery<RequestSummary>({
    queryKey: requestKeys.summary,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/**
 * Sidebar badge: pending requests in one direction (incoming for owners, outgoing for NGOs).
 * It follows what the screens load; on its own it loads once (spec §7: no polling).
 */
export function usePendingRequestCount(direction: RequestDirection): number | undefined {
  return useRequestSummary().data?.[direction].pending;
}

/** Request lists, their counts (the sidebar badges) and the stock they reserve or release. */
function refetchAfterRequestChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: requestKeys.mine }),
    client.invalidateQueries({ queryKey: requestKeys.transactions }),
    client.invalidateQueries({ queryKey: requestKeys.summary }),
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
