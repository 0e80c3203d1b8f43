import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPage, urlFromQueryKey } from '@medrelay/api-client';
import { refetchOnOpen } from './users/keys';

/** The admin lists show this many rows a page. */
export const adminPageSize = 20;

/**
 * One page of a paged admin list (`X-Total-Count` gives the total). The previous page stays on
 * screen while the next loads, and the list is asked again whenever its screen opens.
 */
export function useAdminPage<T>(
  path: string,
  params: Record<string, string | number>,
  page: number,
  pageSize = adminPageSize,
) {
  return useQuery({
    queryKey: [path, { ...params, page, pageSize }],
    queryFn: ({ queryKey, signal }) => apiPage<T>(urlFromQueryKey(queryKey), signal),
    placeholderData: keepPreviousData,
    ...refetchOnOpen,
  });
}
