import { useTranslation } from 'react-i18next';
import { useRequestSummary } from '@medrelay/api-client';
import {
  FiguresError,
  OwnerRequestActions,
  PagedRequestSection,
  PageHeader,
  RequestRow,
  StatCard,
  StatGrid,
  useFigure,
} from '@medrelay/ui';

const counted = ['pending', 'approved', 'completed'] as const;
const pageSize = 10;

/**
 * `/donor/requests`: counts and the requests on the donor's donations, a page at a time. Pending
 * ones have Reject, and Approve through Set Pickup Details (location and date required for donations).
 */
export default function Requests() {
  const { t } = useTranslation('donor');
  const labels = { approve: t('requests.approve'), reject: t('requests.reject') };
  const summary = useRequestSummary({ fresh: true });
  const figure = useFigure([summary]);
  const incoming = summary.data?.incoming;
  const total = incoming && Object.values(incoming).reduce((sum, n) => sum + n, 0);
  return (
    <>
      <PageHeader title={t('requests.title')} subtitle={t('requests.subtitle')} />
      <FiguresError queries={[summary]} />
      <StatGrid label={t('requests.title')}>
        <StatCard label={t('requests.counts.total')} value={figure(total)} />
        {counted.map((status) => (
          <StatCard key={status} label={t(`requests.counts.${status}`)} value={figure(incoming?.[status])} />
        ))}
      </StatGrid>
      <PagedRequestSection
        failedTitle={t('requests.loadFailed')}
        pageSize={pageSize}
        title={t('requests.pending')}
        empty={t('requests.noPending')}
        filter={{ direction: 'incoming', status: ['pending'] }}
        render={(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart="requester"
            actions={<OwnerRequestActions request={r} labels={labels} successTitle={t('requests.updated')} />}
          />
        )}
      />
      <PagedRequestSection
        failedTitle={t('requests.loadFailed')}
        pageSize={pageSize}
        title={t('requests.others')}
        empty={t('requests.noOthers')}
        filter={{ direction: 'incoming', status: ['approved', 'rejected', 'completed', 'cancelled'] }}
        render={(r) => <RequestRow key={r.id} request={r} counterpart="requester" />}
      />
    </>
  );
}
