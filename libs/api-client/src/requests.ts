import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CustodyEntry,
  DonationStatusEntry,
  MedicineRequest,
  RequestCreateInput,
  RequestDirection,
  RequestStatusFilter,
  RequestStatusUpdateInput,
  RequestSummary,
  Transaction,
} from '@medrelay/contracts';
import { requestEndpoints as requests } from '@medrelay/contracts/endpoints';
import { callApi, isRoutePath, routeKey } from './call';
import { refetchStockLists } from './catalog';
import { apiPage, type Page } from './http';
import { needKeys } from './needs';
import { getQueryFn } from './query-client';

/** The part of a request list a screen section shows; statuses are sent comma-separated. */
export interface RequestListParams {
  direction?: RequestDirection;
  status?: readonly RequestStatusFilter[];
  /** `updated`: newest changed first (histories); made first by default. */
  sort?: 'created' | 'updated';
  page?: number;
  pageSize?: number;
}

const listQuery = ({ status, ...rest }: RequestListParams) => ({
  ...rest,
  ...(status?.length ? { status: status.join(',') } : {}),
});

/** Query keys: the API path first (spec §7), the page and filters second; path alone matches all. */
export const requestKeys = {
  mine: routeKey(requests.myRequests),
  transactions: routeKey(requests.myTransactions),
  summary: routeKey(requests.myRequestSummary),
  donationStatuses: routeKey(requests.myDonationStatus),
  donationStatus: (ids: readonly number[]) =>
    routeKey(requests.myDonationStatus, { query: { ids: ids.join(',') } }),
  page: (params: RequestListParams) => routeKey(requests.myRequests, { query: listQuery(params) }),
  transactionsPage: (params: RequestListParams) =>
    routeKey(requests.myTransactions, { query: listQuery(params) }),
  one: (id: number) => routeKey(requests.request, { params: { id } }),
};
const isOneRequestKey = (key: readonly unknown[]) => isRoutePath(requests.request, key[0]);

/**
 * A screen that lists requests also brings the counts (which the sidebar badges read) up to date
 * when it opens, so a decision made by the other party shows on the badge too.
 */
function useFreshSummary() {
  useQuery<RequestSummary>({ queryKey: requestKeys.summary, refetchOnMount: 'always' });
}

/** Options of a paged list query of items `T`. */
const pageOptions = <T>() =>
  ({
    // The default loader's guards (no call without a session), reading the total too.
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<T>),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Afresh when a screen opens: the other party asks and answers meanwhile.
    refetchOnMount: 'always',
  }) as const;

/** A page of own requests (`direction`: incoming on own medicines, outgoing asked), newest first. */
export function useRequestsPage(params: RequestListParams) {
  useFreshSummary();
  return useQuery<Page<MedicineRequest>>({
    queryKey: requestKeys.page(params),
    ...pageOptions<MedicineRequest>(),
  });
}

/** A page of own requests with the pickup information of approved ones, newest first. */
export function useTransactionsPage(params: RequestListParams) {
  useFreshSummary();
  return useQuery<Page<Transaction>>({
    queryKey: requestKeys.transactionsPage(params),
    ...pageOptions<Transaction>(),
  });
}

/**
 * Own requests a page at a time with "Load more" (timelines): the pages loaded so far, in order.
 * Its key ends in 'more', apart from the numbered pages, and starts with the list's path, so
 * request changes refresh it too.
 */
export function useRequestPages(params: Omit<RequestListParams, 'page'>) {
  useFreshSummary();
  const load = getQueryFn({ on401: 'throw' }, apiPage<MedicineRequest>);
  return useInfiniteQuery({
    queryKey: [...requestKeys.page(params), 'more'] as const,
    queryFn: (context) =>
      load({
        ...context,
        queryKey: requestKeys.page({ ...params, page: context.pageParam }),
      } as unknown as Parameters<typeof load>[0]),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((sum, p) => sum + p.items.length, 0) < last.total && last.items.length
        ? pages.length + 1
        : undefined,
    refetchOnMount: 'always',
  });
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

/** Ids the server takes in one donation-status call. */
const donationStatusBatch = 100;

/**
 * The donation badge (spec §4) of the donations on screen, counted by the server (in calls of
 * up to 100 ids), as a map from medicine id; every request change refreshes it.
 */
export function useDonationStatuses(ids: readonly number[]): Map<number, DonationStatusEntry['status']> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += donationStatusBatch)
    batches.push(ids.slice(i, i + donationStatusBatch));
  const results = useQueries({
    queries: batches.map((batch) => ({
      queryKey: requestKeys.donationStatus(batch),
      queryFn: getQueryFn<DonationStatusEntry[]>(),
      refetchOnMount: 'always' as const,
    })),
  });
  return new Map(results.flatMap((r) => r.data ?? []).map((s) => [s.medicineId, s.status]));
}

/**
 * Sidebar badge: pending requests in one direction (incoming for owners, outgoing for NGOs).
 * It follows what the screens load; on its own it loads once (spec §7: no polling).
 */
export function usePendingRequestCount(direction: RequestDirection): number | undefined {
  return useRequestSummary().data?.[direction].pending;
}

/**
 * Request lists, their counts (the sidebar badges) and the stock they reserve or release; the
 * wanted list and its matches, which show the caller's requests ("Requested · Approved") and
 * close a need met by them.
 */
export function refetchAfterRequestChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: needKeys.mine }),
    client.invalidateQueries({ queryKey: needKeys.matches }),
    client.invalidateQueries({ queryKey: requestKeys.mine }),
    client.invalidateQueries({ queryKey: requestKeys.transactions }),
    client.invalidateQueries({ queryKey: requestKeys.summary }),
    client.invalidateQueries({ queryKey: requestKeys.donationStatuses }),
    client.invalidateQueries({ predicate: (query) => isOneRequestKey(query.queryKey) }),
    client.invalidateQueries({
      predicate: (query) => isRoutePath(requests.requestCustody, query.queryKey[0]),
    }),
    refetchStockLists(client),
  ]);
}

/** One request the caller is a party to (the request dialog opens an existing open one). */
export function useRequest(id: number | null) {
  return useQuery<MedicineRequest>({
    queryKey: requestKeys.one(id ?? 0),
    enabled: id !== null,
    refetchOnMount: 'always',
  });
}

export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestCreateInput) => callApi(requests.createRequest, { body: input }),
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
      callApi(requests.changeRequestStatus, { params: { id }, body: change }),
    onSettled: () => refetchAfterRequestChange(client),
  });
}

/**
 * The owner's answer to a collection the requester marked without the code: confirm it, or
 * dispute it (the administrators are told).
 */
export function useAnswerCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'confirm' | 'dispute' }) =>
      callApi(answer === 'confirm' ? requests.confirmCollection : requests.disputeCollection, {
        params: { id },
      }),
    onSettled: () => refetchAfterRequestChange(client),
  });
}

/** A request's custody log, oldest first: its two parties and admins read it. */
export function useRequestCustody(id: number) {
  return useQuery<CustodyEntry[]>({
    queryKey: routeKey(requests.requestCustody, { params: { id } }),
    refetchOnMount: 'always',
  });
}

/**
 * The owner confirms a handover with the requester's code: the request completes.
 * A wrong code is an ApiError (422, tries left in its details; 429 once locked).
 */
export function useConfirmHandover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      callApi(requests.confirmHandover, { params: { id }, body: { code } }),
    onSuccess: () => refetchAfterRequestChange(client),
  });
}
