import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage, routePath, urlFromQueryKey, type RouteAnswer } from '@medrelay/api-client';
import type { Endpoint } from '@medrelay/contracts/endpoints';
import { refetchOnOpen } from './users/keys';

/** The admin lists show this many rows a page. */
export const adminPageSize = 20;

/**
 * One page of a paged admin list (`X-Total-Count` gives the total). The previous page stays on
 * screen while the next loads, and the list is asked again whenever its screen opens.
 */
export function useAdminPage<E extends Endpoint & { paged: true }>(
  route: E,
  params: Record<string, string | number>,
  page: number,
  pageSize = adminPageSize,
) {
  return useQuery({
    queryKey: [routePath(route), { ...params, page, pageSize }],
    queryFn: ({ queryKey, signal }) => apiPage(urlFromQueryKey(queryKey), signal) as Promise<RouteAnswer<E>>,
    placeholderData: keepPreviousData,
    ...refetchOnOpen,
  });
}
