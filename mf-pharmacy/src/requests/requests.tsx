import { useTranslation } from 'react-i18next';
import {
  OwnerRequestActions,
  PagedRequestSection,
  PageHeader,
  RequesterRequestActions,
  RequestRow,
} from '@medrelay/ui';

/** Rows a section shows a page. */
export const requestsPageSize = 10;

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
      <PagedRequestSection
        failedTitle={t('requests.loadFailed')}
        pageSize={requestsPageSize}
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
      <PagedRequestSection
        failedTitle={t('requests.loadFailed')}
        pageSize={requestsPageSize}
        title={t('requests.history')}
        empty={t('requests.noHistory')}
        filter={{ direction: 'incoming', status: ['approved', 'rejected', 'completed', 'cancelled'] }}
        render={(r) => <RequestRow key={r.id} request={r} counterpart="requester" />}
      />
      <PagedRequestSection
        failedTitle={t('requests.loadFailed')}
        pageSize={requestsPageSize}
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
