import { useState } from 'react';
import { Card, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  requestStatusFigures,
  requestStatusFilters,
  type RequestStats,
  type RequestStatusFigure,
  type RequestStatusFilter,
} from '@medrelay/contracts';
import { routeKey } from '@medrelay/api-client';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { useFormat } from '@medrelay/i18n';
import {
  CustodyButton,
  EmptyState,
  HandoverStateBadge,
  PageHeader,
  Pager,
  QueryGate,
  RequestStatusBadge,
  StatCard,
  useAgreedPickupTime,
} from '@medrelay/ui';
import { adminPageSize, useAdminPage } from '../admin-page';
import { useListStyles } from '../list-styles';
import { FilterSelect, useFilterStyles } from '../users/filters';
import { refetchOnOpen } from '../users/keys';

const requestStatsKey = routeKey(requestEndpoints.requestStats);
/**
 * Every part the statistics split requests into, in this order, the spec's Pending, Approved and
 * Completed first: shown all, they add up to the Total (a disputed collection is not in Completed,
 * a pickup called off is in neither Rejected nor Cancelled). A part added to the statistics and
 * missing here fails to compile.
 */
const figureOrder: Record<RequestStatusFigure, number> = {
  pending: 0,
  approved: 1,
  completed: 2,
  disputed: 3,
  rejected: 4,
  calledOff: 5,
  cancelled: 6,
};
const figures = [...requestStatusFigures].sort((a, b) => figureOrder[a] - figureOrder[b]);

/**
 * `/admin/transactions`: every request on MedRelay, filtered by status (a pickup called off after
 * its approval apart, as its badge shows it), with figures.
 */
export default function Transactions() {
  const styles = useListStyles();
  const filterStyles = useFilterStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const agreedTime = useAgreedPickupTime();
  const [status, setStatus] = useState<RequestStatusFilter | ''>('');
  const [page, setPage] = useState(1);
  const requests = useAdminPage(requestEndpoints.allRequests, { status }, page);
  // The figures count every request whatever the filter shows: the requests service's statistics.
  const stats = useQuery<RequestStats>({ queryKey: requestStatsKey, ...refetchOnOpen });
  const figure = (value: number | undefined) => (value === undefined ? '…' : format.number(value));

  return (
    <>
      <PageHeader title={t('transactions.title')} subtitle={t('transactions.subtitle')} />
      <div className={filterStyles.bar}>
        <FilterSelect
          label={t('transactions.status')}
          value={status}
          allLabel={t('transactions.all')}
          options={requestStatusFilters.map((value) => ({
            value,
            label: t(`common:requestStatus.${value}`),
          }))}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <section className={styles.stats} aria-label={t('transactions.title')}>
        <StatCard
          label={t('transactions.stats.total')}
          hint={t('transactions.stats.totalHint')}
          value={figure(stats.data?.totalRequests)}
        />
        {figures.map((s) => (
          <StatCard
            key={s}
            label={t(`transactions.stats.${s}`)}
            value={figure(stats.data?.requestStatus[s])}
          />
        ))}
      </section>
      <Card className={styles.card}>
        <QueryGate query={requests} failedTitle={t('transactions.loadFailed')}>
          {({ items, total }) => (
            <>
              {items.length ? (
                <ul className={styles.list}>
                  {items.map((r) => (
                    <li key={r.id} className={styles.row} data-testid="transaction-row">
                      <div className={styles.main}>
                        <Text weight="semibold" block>
                          {r.medicine?.name ?? t('transactions.unknown')}
                        </Text>
                        <Text size={200} className={styles.muted} block>
                          {t('transactions.line', {
                            requester: r.requester?.name ?? t('transactions.unknown'),
                            provider: r.provider?.name ?? t('transactions.unknown'),
                          })}{' '}
                          · {t('transactions.quantity', { count: r.quantity })} ·{' '}
                          {format.relative(r.createdAt)}
                        </Text>
                        {r.pickup?.location && agreedTime(r.pickup) && (
                          <Text size={200} className={styles.muted} block>
                            {t('transactions.pickup', {
                              location: r.pickup.location,
                              date: agreedTime(r.pickup),
                            })}
                          </Text>
                        )}
                      </div>
                      <RequestStatusBadge status={r.status} calledOff={r.calledOff} />
                      {/* "Disputed by the owner": counted in Collection disputed above, not Completed. */}
                      <HandoverStateBadge request={r} />
                      <CustodyButton request={r} />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState title={t('transactions.empty')} />
              )}
              <Pager page={page} pageSize={adminPageSize} total={total} onPage={setPage} />
            </>
          )}
        </QueryGate>
      </Card>
    </>
  );
}
