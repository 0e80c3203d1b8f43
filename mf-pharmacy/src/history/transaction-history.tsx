import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequestSummary, useTransactionsPage } from '@medrelay/api-client';
import { requestStatusFigures, type RequestSummary } from '@medrelay/contracts';
import { contactVisible } from '@medrelay/domain/requests';
import {
  EmptyState,
  FiguresError,
  PagedList,
  PageHeader,
  PickupInfo,
  RequestRow,
  StatCard,
  StatGrid,
  useFigure,
  usePaging,
} from '@medrelay/ui';

const pageSize = 20;

/** Requests of both directions in some statuses, as counted by the server. */
const counted = (summary: RequestSummary, statuses: readonly (keyof RequestSummary['incoming'])[]) =>
  statuses.reduce((sum, s) => sum + summary.incoming[s] + summary.outgoing[s], 0);

/** `/pharmacy/history`: totals (counted by the server) and the transactions a page at a time. */
export default function TransactionHistory() {
  const { t } = useTranslation('pharmacy');
  const paging = usePaging(pageSize);
  const transactions = useTransactionsPage({ page: paging.page, pageSize });
  const summary = useRequestSummary({ fresh: true });
  const figure = useFigure([summary]);
  const data = summary.data;
  return (
    <>
      <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />
      <FiguresError queries={[summary]} />
      <StatGrid label={t('history.title')}>
        {/* Every part (a disputed collection and a called-off pickup apart from the statuses). */}
        <StatCard label={t('history.total')} value={figure(data && counted(data, requestStatusFigures))} />
        <StatCard
          label={t('history.approved')}
          hint={t('history.approvedHint')}
          value={figure(data && counted(data, ['approved', 'completed']))}
        />
        {/* Rejected before any approval: a pickup called off after one reads Called off. */}
        <StatCard label={t('history.rejected')} value={figure(data && counted(data, ['rejected']))} />
      </StatGrid>
      <PagedList
        query={transactions}
        paging={paging}
        label={t('history.title')}
        failedTitle={t('history.loadFailed')}
        empty={<EmptyState title={t('history.empty')} />}
      >
        {(r) => (
          <RequestRow
            key={r.id}
            request={r}
            counterpart={r.direction === 'outgoing' ? 'provider' : 'requester'}
            pendingWording="pendingReview"
          >
            <Text size={200}>{t(r.direction === 'outgoing' ? 'history.outgoing' : 'history.incoming')}</Text>
            {contactVisible(r.status) && <PickupInfo request={r} />}
          </RequestRow>
        )}
      </PagedList>
    </>
  );
}
