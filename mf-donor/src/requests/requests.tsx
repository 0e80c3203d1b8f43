import { useTranslation } from 'react-i18next';
import { useRequestSummary } from '@medrelay/api-client';
import {
  FiguresError,
  IncomingRequestSections,
  PageHeader,
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
      <IncomingRequestSections
        pageSize={pageSize}
        successTitle={t('requests.updated')}
        texts={{
          failedTitle: t('requests.loadFailed'),
          pending: t('requests.pending'),
          noPending: t('requests.noPending'),
          answered: t('requests.others'),
          noAnswered: t('requests.noOthers'),
          approve: t('requests.approve'),
          reject: t('requests.reject'),
        }}
      />
    </>
  );
}
