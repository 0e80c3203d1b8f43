import { useTranslation } from 'react-i18next';
import {
  IncomingRequestSections,
  PagedRequestSection,
  PageHeader,
  PickupInfo,
  PickupPlanPanel,
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
  const requesterLabels = { cancel: t('requests.cancel'), collected: t('requests.collected') };
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <IncomingRequestSections
        pageSize={requestsPageSize}
        pendingWording="pendingReview"
        texts={{
          failedTitle: t('requests.loadFailed'),
          pending: t('requests.pending'),
          noPending: t('requests.noPending'),
          answered: t('requests.history'),
          noAnswered: t('requests.noHistory'),
          approve: t('requests.approve'),
          reject: t('requests.reject'),
        }}
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
          >
            {/* Where to collect (area, map link): the pickup plan panel adds only the times. */}
            {r.status === 'approved' && <PickupInfo request={r} />}
            <PickupPlanPanel request={r} side="requester" />
          </RequestRow>
        )}
      />
    </>
  );
}
