import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Need, NeedCreateInput, NeedStatus, NeedUpdateInput } from '@medrelay/contracts';
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
};

/** A page of the caller's wanted list (issue 16), newest first, with the total. */
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
    onSuccess: () => client.invalidateQueries({ queryKey: needKeys.mine }),
  });
}

export function useDeleteNeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(requests.deleteNeed, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: needKeys.mine }),
  });
}
