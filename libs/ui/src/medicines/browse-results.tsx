import type { ReactNode } from 'react';
import { Text } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { EmptyState } from '../components/empty-state';
import { QueryGate } from '../components/query-gate';
import { browsePageSize } from './browse-toolbar';
import { MedicineRow, StackList } from './medicine-row';
import { Pager } from './pager';

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
  countLabel?: (total: number) => string;
  empty: string;
  emptyBody?: string;
  actions: (medicine: Medicine) => ReactNode;
}) {
  return (
    <QueryGate query={query} failedTitle={failedTitle}>
      {({ items, total }) => (
        <>
          {countLabel && (
            <Text as="p" role="status" data-testid="result-count">
              {countLabel(total)}
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
