import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@medrelay/api-client';
import { StackList } from '../medicines/medicine-row';
import { EmptyState } from './empty-state';
import { SectionHeader } from './page-header';
import { QueryGate } from './query-gate';
import { RouterLink } from './router-link';

/**
 * A dashboard's first page of a list: its heading with a "View all" link to the full screen, then
 * the rows, or an empty state when there are none.
 */
export function ListPreview<T extends { id: number }>({
  title,
  viewAll,
  query,
  failedTitle,
  empty,
  children,
}: {
  title: string;
  viewAll: { to: string; label: string };
  query: UseQueryResult<Page<T>>;
  failedTitle: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section>
      <SectionHeader title={title} action={<RouterLink to={viewAll.to}>{viewAll.label}</RouterLink>} />
      <QueryGate query={query} failedTitle={failedTitle}>
        {({ items }) =>
          items.length ? (
            <StackList label={title}>{items.map(children)}</StackList>
          ) : (
            <EmptyState title={empty} />
          )
        }
      </QueryGate>
    </section>
  );
}
