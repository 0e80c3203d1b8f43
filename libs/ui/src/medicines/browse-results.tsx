import { useEffect, type ReactNode } from 'react';
import { Text } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useBrowseMedicines, type MedicineBrowseParams, type Page } from '@medrelay/api-client';
import type { Medicine, MedicineSort } from '@medrelay/contracts';
import { EmptyState } from '../components/empty-state';
import { QueryGate } from '../components/query-gate';
import { BrowseToolbar, browsePageSize, useBrowseState } from './browse-toolbar';
import { MedicineRow, StackList } from './medicine-row';
import { Pager } from './pager';
import { pageCount } from '../components/paging';

/**
 * A page of offered medicines (each with who offers it and the screen's request button), the
 * count line when the screen has one, the empty message and the pager.
 */
export function BrowseResults({
  query,
  page,
  onPage,
  label,
  failedTitle,
  countLabel,
  empty,
  emptyBody,
  actions,
}: {
  query: UseQueryResult<Page<Medicine>>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  failedTitle: string;
  /** `estimated`: the total is the server's estimate of a large list ("about N"). */
  countLabel?: (total: number, estimated: boolean) => string;
  empty: string;
  emptyBody?: string;
  actions: (medicine: Medicine) => ReactNode;
}) {
  // Stock goes as others take it: a page past the end (say page 3 of now 2) moves to the last one.
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, browsePageSize);
    if (page > last) onPage(last);
  }, [total, page, onPage]);
  return (
    <QueryGate query={query} failedTitle={failedTitle}>
      {({ items, total, estimated }) => (
        <>
          {/* Nothing found: the empty message alone says so ("Found 0" beside it was a second one). */}
          {countLabel && total > 0 && (
            <Text as="p" role="status" data-testid="result-count">
              {countLabel(total, estimated ?? false)}
            </Text>
          )}
          {items.length ? (
            <StackList label={label}>
              {items.map((m) => (
                <MedicineRow key={m.id} medicine={m} showSource actions={actions(m)} />
              ))}
            </StackList>
          ) : (
            <EmptyState title={empty} body={emptyBody} />
          )}
          <Pager page={page} pageSize={browsePageSize} total={total} onPage={onPage} />
        </>
      )}
    </QueryGate>
  );
}

type BrowseState<F> = ReturnType<typeof useBrowseState<F>>;

/**
 * A whole browse screen below its header: search, sort, the screen's own filters, and the
 * results. `fixed` holds what the screen always asks for (recipients, source); `filterQuery`
 * turns the screen's filter into query parameters.
 */
export function MedicineBrowser<F = undefined>({
  fixed,
  sorts,
  initialFilter,
  filterQuery,
  filters,
  ...results
}: {
  fixed?: MedicineBrowseParams;
  sorts: readonly MedicineSort[];
  initialFilter?: F;
  filterQuery?: (filter: F) => MedicineBrowseParams;
  /** Extra controls in the toolbar, given the browse state (filters, Clear Filters). */
  filters?: (state: BrowseState<F>) => ReactNode;
  label: string;
  failedTitle: string;
  countLabel?: (total: number, estimated: boolean) => string;
  /** The empty message and its body; they may depend on whether a search or filter is on. */
  empty: string | ((searching: boolean) => string);
  emptyBody?: string | ((searching: boolean) => string | undefined);
  actions: (medicine: Medicine) => ReactNode;
}) {
  const state = useBrowseState<F>(sorts[0]!, initialFilter);
  const query = useBrowseMedicines({
    ...fixed,
    ...filterQuery?.(state.filter),
    q: state.q || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: browsePageSize,
  });
  const { empty, emptyBody, ...rest } = results;
  const searching = state.q !== '' || state.filter !== initialFilter;
  return (
    <>
      <BrowseToolbar
        searchText={state.searchText}
        onSearch={state.setSearchText}
        sort={state.sort}
        sorts={sorts}
        onSort={state.setSort}
      >
        {filters?.(state)}
      </BrowseToolbar>
      <BrowseResults
        {...rest}
        query={query}
        page={state.page}
        onPage={state.setPage}
        empty={typeof empty === 'function' ? empty(searching) : empty}
        emptyBody={typeof emptyBody === 'function' ? emptyBody(searching) : emptyBody}
      />
    </>
  );
}
