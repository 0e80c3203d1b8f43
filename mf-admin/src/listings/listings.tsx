import { useState } from 'react';
import { Badge, Button, Card, Text } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi, routeKey, usePublicSettings } from '@medrelay/api-client';
import {
  defaultSettings,
  medicineSources,
  type Medicine,
  type MedicineSource,
  type MedicineStats,
} from '@medrelay/contracts';
import { catalogEndpoints as catalog } from '@medrelay/contracts/endpoints';
import type { ExpiryClass } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  AvailabilityBadge,
  ConfirmDialog,
  DaysLeftBadge,
  EmptyState,
  CategoryBadges,
  PackCodeLine,
  PageHeader,
  Pager,
  QuarantineBadge,
  QueryGate,
  StatCard,
  useDosageFormLabel,
  useNotify,
} from '@medrelay/ui';
import { adminPageSize, useAdminPage } from '../admin-page';
import { useListStyles } from '../list-styles';
import { ProductDictionary } from './product-dictionary';
import { DebouncedSearch, FilterSelect, useFilterStyles } from '../users/filters';
import { activityKey, refetchOnOpen, statsKey } from '../users/keys';

const listingsKey = routeKey(catalog.allMedicines);
const listingStatsKey = routeKey(catalog.medicineStats);
const expiryClasses = ['fresh', 'expiring', 'expired'] as const;
const availabilities = ['true', 'false'] as const;

/** `/admin/listings`: every listing and donation, filtered, with figures and an admin Unlist. */
export default function Listings() {
  const styles = useListStyles();
  const filterStyles = useFilterStyles();
  const { t } = useTranslation('admin');
  const typeLabel = useDosageFormLabel();
  const notify = useNotify();
  const format = useFormat();
  const client = useQueryClient();
  // "Expiring soon" is the expiry warning window: the server filters and counts by the setting.
  const warningDays = usePublicSettings().data?.expiryWarningDays ?? defaultSettings.expiryWarningDays;
  const [q, setQ] = useState('');
  const [source, setSource] = useState<MedicineSource | ''>('');
  const [expiry, setExpiry] = useState<ExpiryClass | ''>('');
  const [available, setAvailable] = useState<(typeof availabilities)[number] | ''>('');
  const [page, setPage] = useState(1);
  const listings = useAdminPage(catalog.allMedicines, { q, source, expiry, available }, page);
  // The figures count every listing, whatever the filters show: the catalog's statistics, exact
  // (a page's total is an estimate past a few hundred matches).
  const stats = useQuery<MedicineStats>({ queryKey: listingStatsKey, ...refetchOnOpen });
  // A filter change starts again at the first page.
  const filter =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };
  const unlist = useMutation({
    mutationFn: (medicine: Medicine) =>
      callApi(catalog.unlistMedicineByAdmin, { params: { id: medicine.id } }),
    onSuccess: () => {
      notify.success(t('listings.unlisted'));
      for (const queryKey of [listingsKey, listingStatsKey, statsKey, activityKey])
        void client.invalidateQueries({ queryKey });
    },
    onError: (error) => notify.failure(t('listings.unlistFailed'), error),
  });

  const figure = (value: number | undefined) => (value === undefined ? '…' : format.number(value));
  const figures = [
    ['total', figure(stats.data?.totalMedicines)],
    ['available', figure(stats.data?.availableMedicines)],
    ['expiring', figure(stats.data?.medicineExpiry.expiring)],
    ['expired', figure(stats.data?.medicineExpiry.expired)],
  ] as const;

  return (
    <>
      <PageHeader title={t('listings.title')} subtitle={t('listings.subtitle')} />
      <div className={filterStyles.bar}>
        <DebouncedSearch
          label={t('listings.search')}
          onSearch={filter(setQ)}
          className={filterStyles.search}
        />
        <FilterSelect
          label={t('listings.source')}
          value={source}
          allLabel={t('listings.all')}
          options={medicineSources.map((value) => ({ value, label: t(`common:source.${value}`) }))}
          onChange={filter(setSource)}
        />
        <FilterSelect
          label={t('listings.expiry')}
          value={expiry}
          allLabel={t('listings.all')}
          options={expiryClasses.map((value) => ({
            value,
            label: t(`listings.expiryClasses.${value}`, { days: warningDays }),
          }))}
          onChange={filter(setExpiry)}
        />
        <FilterSelect
          label={t('listings.availability')}
          value={available}
          allLabel={t('listings.all')}
          options={availabilities.map((value) => ({
            value,
            label: t(value === 'true' ? 'common:medicine.available' : 'common:medicine.unavailable'),
          }))}
          onChange={filter(setAvailable)}
        />
      </div>
      <section className={styles.stats} aria-label={t('listings.title')}>
        {figures.map(([key, value]) => (
          <StatCard key={key} label={t(`listings.stats.${key}`)} value={value} />
        ))}
      </section>
      <Card className={styles.card}>
        <QueryGate query={listings} failedTitle={t('listings.loadFailed')}>
          {({ items, total }) => (
            <>
              {items.length ? (
                <ul className={styles.list}>
                  {items.map((m) => {
                    const owner = m.pharmacy?.user.name ?? m.donor?.name ?? t('activity.unknown');
                    return (
                      <li key={m.id} className={styles.row} data-testid="listing-row">
                        <div className={styles.main}>
                          <Text weight="semibold" block>
                            {m.name}
                          </Text>
                          <Text size={200} className={styles.muted} block>
                            <bdi>{typeLabel(m.type)}</bdi> · {t('listings.owner', { name: owner })} ·{' '}
                            {t('listings.quantity', { count: m.quantity })}
                          </Text>
                          <PackCodeLine medicine={m} />
                        </div>
                        <Badge appearance="tint">{t(`common:source.${m.source}`)}</Badge>
                        <DaysLeftBadge expiryDate={m.expiryDate} />
                        <CategoryBadges categories={m.categories} />
                        <AvailabilityBadge medicine={m} />
                        {/* Why it is unavailable when a batch recall holds it back. */}
                        <QuarantineBadge medicine={m} />
                        {m.isAvailable && (
                          <ConfirmDialog
                            trigger={<Button disabled={unlist.isPending}>{t('listings.unlist')}</Button>}
                            title={t('listings.unlistTitle')}
                            body={t('listings.unlistBody', { name: m.name })}
                            confirmLabel={t('listings.unlist')}
                            onConfirm={() => unlist.mutate(m)}
                          />
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <EmptyState title={t('listings.empty')} />
              )}
              <Pager page={page} pageSize={adminPageSize} total={total} onPage={setPage} />
            </>
          )}
        </QueryGate>
      </Card>
      <ProductDictionary />
    </>
  );
}
