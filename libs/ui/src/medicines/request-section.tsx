import type { ReactNode } from 'react';
import { useRequestsPage, type RequestListParams } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { EmptyState } from '../components/empty-state';
import { CardHeadingLevel, SectionHeader } from '../components/page-header';
import { PagedList, usePageNumber } from '../components/paged-list';

/** One section of a requests screen: the server filters it (direction, statuses) and pages it. */
export function PagedRequestSection({
  title,
  empty,
  failedTitle,
  filter,
  pageSize,
  render,
}: {
  title: string;
  empty: string;
  failedTitle: string;
  filter: Omit<RequestListParams, 'page' | 'pageSize'>;
  pageSize: number;
  render: (request: MedicineRequest) => ReactNode;
}) {
  const [page, setPage] = usePageNumber();
  const requests = useRequestsPage({ ...filter, page, pageSize });
  return (
    <section>
      <SectionHeader title={title} />
      <CardHeadingLevel.Provider value={3}>
        <PagedList
          query={requests}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          label={title}
          failedTitle={failedTitle}
          empty={<EmptyState title={empty} />}
        >
          {render}
        </PagedList>
      </CardHeadingLevel.Provider>
    </section>
  );
}
