import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestsPage, type RequestListParams } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import {
  EmptyState,
  OwnerRequestActions,
  PagedList,
  PageHeader,
  RequesterRequestActions,
  RequestRow,
  SectionHeader,
  usePageNumber,
} from '@medrelay/ui';

/** Rows a section shows a page. */
export const requestsPageSize = 10;

/** One section of the screen: the server pages and filters it (direction and statuses). */
function RequestSection({
  title,
  empty,
  filter,
  render,
}: {
  title: string;
  empty: string;
  filter: Omit<RequestListParams, 'page' | 'pageSize'>;
  render: (request: MedicineRequest) => ReactNode;
}) {
  const { t } = useTranslation('pharmacy');
  const [page, setPage] = usePageNumber();
  const requests = useRequestsPage({ ...filter, page, pageSize: requestsPageSize });
  return (
    <section>
      <SectionHeader title={title} />
      <PagedList
        query={requests}
        page={page}
        pageSize={requestsPageSize}
        onPage={setPage}
        label={title}
        failedTitle={t('requests.loadFailed')}
        empty={<EmptyState title={empty} />}
      >
        {render}
      </PagedList>
    </section>
  );
}

/**
 * `/pharmacy/requests`: pending requests on own medicines with Approve (optional pickup details)
 * and Reject, their history, and the transfers this pharmacy asked for; each section paged.
 */
export default function Requests() {
  const { t } = useTranslation('pharmacy');
  const ownerLabels = { approve: t('requests.approve'), reject: t('requests.reject') };
  const requesterLabels = { cancel: t('requests.cancel'), collected: t('requests.collected') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <RequestSection
        title={t('requests.pending')}
        empty={t('requests.noPending')}
        filter={{ direction: 'incoming', status: ['pending'] }}
        render={(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart="requester"
            pendingWording="pendingReview"
            actions={<OwnerRequestActions request={r} labels={ownerLabels} />}
          />
        )}
      />
      <RequestSection
        title={t('requests.history')}
        empty={t('requests.noHistory')}
        filter={{ direction: 'incoming', status: ['approved', 'rejected', 'completed', 'cancelled'] }}
        render={(r) => <RequestRow key={r.id} request={r} counterpart="requester" />}
      />
      <RequestSection
        title={t('requests.sent')}
        empty={t('requests.noSent')}
        filter={{ direction: 'outgoing' }}
        render={(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart="provider"
            pendingWording="pendingReview"
            actions={<RequesterRequestActions request={r} labels={requesterLabels} />}
          />
        )}
      />
    </>
  );
}
