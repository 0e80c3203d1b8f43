import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMyTransactions } from '@medrelay/api-client';
import { useFormat } from '@medrelay/i18n';
import { EmptyState, PageHeader, QueryGate, RequestRow, StackList, StatCard, StatGrid } from '@medrelay/ui';

/** `/ngo/inventory`: what the NGO has collected (its completed requests), newest first. */
export default function Inventory() {
  const { t } = useTranslation('ngo');
  const format = useFormat();
  const transactions = useMyTransactions();
  return (
    <>
      <PageHeader title={t('inventory.title')} subtitle={t('inventory.subtitle')} />
      <QueryGate query={transactions} failedTitle={t('inventory.loadFailed')}>
        {(list) => {
          const collected = list
            .filter((r) => r.direction === 'outgoing' && r.status === 'completed')
            .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
          if (!collected.length)
            return <EmptyState title={t('inventory.empty')} body={t('inventory.emptyBody')} />;
          return (
            <>
              <StatGrid label={t('inventory.title')}>
                <StatCard
                  label={t('inventory.units')}
                  value={format.number(collected.reduce((sum, r) => sum + r.quantity, 0))}
                />
                <StatCard
                  label={t('inventory.medicines')}
                  value={format.number(new Set(collected.map((r) => r.medicineId)).size)}
                />
              </StatGrid>
              <StackList label={t('inventory.title')}>
                {collected.map((r) => (
                  <RequestRow key={r.id} request={r} counterpart="provider">
                    <Text size={200}>
                      {t('inventory.collectedOn', { date: format.dateTime(r.updatedAt) })}
                    </Text>
                  </RequestRow>
                ))}
              </StackList>
            </>
          );
        }}
      </QueryGate>
    </>
  );
}
