import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Need, NeedCreateInput, NeedMatch, NeedStatus, NeedUpdateInput } from '@medrelay/contracts';
import { requestEndpoints as requests } from '@medrelay/contracts/endpoints';
import { callApi, routeKey } from './call';
import { apiPage, type Page } from './http';
import { getQueryFn } from './query-client';

export interface NeedListParams {
  status?: NeedStatus;
  page?: number;
  pageSize?: number;
}

/** Query keys: the list's path first, so invalidating it refreshes every page. */
export const needKeys = {
  mine: routeKey(requests.myNeeds),
  page: (params: NeedListParams) => routeKey(requests.myNeeds, { query: params }),
  /** Prefix of every page of matches. */
  matches: routeKey(requests.needMatches),
  matchPage: (params: NeedMatchParams) => routeKey(requests.needMatches, { query: params }),
};

export interface NeedMatchParams {
  needId?: number;
  page?: number;
  pageSize?: number;
}

/**
 * A page of the caller's matches, best first, optionally of one need. Afresh when a
 * screen opens: matching runs in the background, so what was read before may be behind.
 */
export function useNeedMatches(params: NeedMatchParams) {
  return useQuery<Page<NeedMatch>>({
    queryKey: needKeys.matchPage(params),
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<NeedMatch>),
    refetchOnMount: 'always',
  });
}

/** A page of the caller's wanted list, newest first, with the total. */
export function useNeedsPage(params: NeedListParams) {
  return useQuery<Page<Need>>({
    queryKey: needKeys.page(params),
    // The default loader's guards (no call without a session), reading the total too.
    queryFn: getQueryFn({ on401: 'throw' }, apiPage<Need>),
    // Keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Adds a need (`id` absent) or replaces one; the list is refreshed either way. */
export function useSaveNeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      values,
    }: {
      id?: number;
      values: NeedCreateInput | NeedUpdateInput;
    }): Promise<Need> =>
      id === undefined
        ? callApi(requests.createNeed, { body: values })
        : callApi(requests.updateNeed, { params: { id }, body: values }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: needKeys.mine }),
        client.invalidateQueries({ queryKey: needKeys.matches }),
      ]),
  });
}

export function useDeleteNeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(requests.deleteNeed, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: needKeys.mine }),
  });
}
