import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMyTransactions } from '@medrelay/api-client';
import { useFormat } from '@medrelay/i18n';
import {
  EmptyState,
  PageHeader,
  PickupInfo,
  QueryGate,
  RequestRow,
  StackList,
  StatCard,
  StatGrid,
} from '@medrelay/ui';

/** `/pharmacy/history`: totals and every transaction, with pickup information once approved. */
export default function TransactionHistory() {
  const { t } = useTranslation('pharmacy');
  const format = useFormat();
  const transactions = useMyTransactions();
  return (
    <>
      <PageHeader title={t('history.title')} subtitle={t('history.subtitle')} />
      <QueryGate query={transactions} failedTitle={t('history.loadFailed')}>
        {(list) => (
          <>
            <StatGrid label={t('history.title')}>
              <StatCard label={t('history.total')} value={format.number(list.length)} />
              <StatCard
                label={t('history.approved')}
                hint={t('history.approvedHint')}
                value={format.number(
                  list.filter((r) => r.status === 'approved' || r.status === 'completed').length,
                )}
              />
              <StatCard
                label={t('history.rejected')}
                value={format.number(list.filter((r) => r.status === 'rejected').length)}
              />
            </StatGrid>
            {list.length ? (
              <StackList label={t('history.title')}>
                {list.map((r) => (
                  <RequestRow
                    key={r.id}
                    request={r}
                    counterpart={r.direction === 'outgoing' ? 'provider' : 'requester'}
                    pendingWording="pendingReview"
                  >
                    <Text size={200}>
                      {t(r.direction === 'outgoing' ? 'history.outgoing' : 'history.incoming')}
                    </Text>
                    {(r.status === 'approved' || r.status === 'completed') && (
                      <PickupInfo pickup={r.pickup} />
                    )}
                  </RequestRow>
                ))}
              </StackList>
            ) : (
              <EmptyState title={t('history.empty')} />
            )}
          </>
        )}
      </QueryGate>
    </>
  );
}
