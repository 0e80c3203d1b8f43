import { useEffect, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@medrelay/api-client';
import { StackList } from '../medicines/medicine-row';
import { Pager } from '../medicines/pager';
import { pageCount } from './paging';
import { QueryGate } from './query-gate';

/** Which page of a server-paged list a screen shows (from 1), how long pages are, and how to turn them. */
export interface Paging {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** A paged list's own page number, starting at 1; pass `page` and `pageSize` to its query. */
export function usePaging(pageSize: number): Paging {
  const [page, onPage] = useState(1);
  return { page, pageSize, onPage };
}

/**
 * One page of a list that the server pages (`X-Total-Count`), with the Pager under it. When a
 * change empties the last page (the last pending request answered), it steps back to the new last one.
 */
export function PagedList<T extends { id: number }>({
  query,
  paging: { page, pageSize, onPage },
  label,
  failedTitle,
  empty,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  paging: Paging;
  label: string;
  failedTitle: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  const data = query.isPlaceholderData ? undefined : query.data;
  const pastEnd = !!data && !data.items.length && page > 1;
  const last = data ? Math.max(1, pageCount(data.total, pageSize)) : 1;
  useEffect(() => {
    if (pastEnd) onPage(last);
  }, [pastEnd, last, onPage]);
  return (
    <QueryGate query={query} failedTitle={failedTitle}>
      {({ items, total }) =>
        items.length ? (
          <>
            <StackList label={label}>{items.map(children)}</StackList>
            <Pager page={page} pageSize={pageSize} total={total} onPage={onPage} />
          </>
        ) : pastEnd ? null : (
          empty
        )
      }
    </QueryGate>
  );
}
