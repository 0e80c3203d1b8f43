import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequestSummary, useTransactionsPage } from '@medrelay/api-client';
import { useFormat } from '@medrelay/i18n';
import {
  EmptyState,
  FiguresError,
  PagedList,
  PageHeader,
  RequestRow,
  StatCard,
  StatGrid,
  useFigure,
  usePaging,
} from '@medrelay/ui';

const pageSize = 20;

/** `/ngo/inventory`: what the NGO has collected (its completed requests), a page at a time. */
export default function Inventory() {
  const { t } = useTranslation('ngo');
  const format = useFormat();
  const paging = usePaging(pageSize);
  const collected = useTransactionsPage({
    direction: 'outgoing',
    status: ['completed'],
    // Newest collected first.
    sort: 'updated',
    page: paging.page,
    pageSize,
  });
  const summary = useRequestSummary({ fresh: true });
  const figure = useFigure([summary]);
  const received = summary.data?.received;
  const nothing = <EmptyState title={t('inventory.empty')} body={t('inventory.emptyBody')} />;
  return (
    <>
      <PageHeader title={t('inventory.title')} subtitle={t('inventory.subtitle')} />
      <FiguresError queries={[summary]} />
      {received?.units !== 0 && (
        <StatGrid label={t('inventory.title')}>
          <StatCard label={t('inventory.units')} value={figure(received?.units)} />
          <StatCard label={t('inventory.medicines')} value={figure(received?.medicines)} />
        </StatGrid>
      )}
      <PagedList
        query={collected}
        paging={paging}
        label={t('inventory.title')}
        failedTitle={t('inventory.loadFailed')}
        empty={nothing}
      >
        {(r) => (
          <RequestRow key={r.id} request={r} counterpart="provider">
            <Text size={200}>
              {t(r.handover === 'disputed' ? 'inventory.disputedOn' : 'inventory.collectedOn', {
                date: format.dateTime(r.completedAt ?? r.updatedAt),
              })}
            </Text>
          </RequestRow>
        )}
      </PagedList>
    </>
  );
}
