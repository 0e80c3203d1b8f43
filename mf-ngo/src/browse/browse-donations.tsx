import { Button, Field, Select, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useBrowseMedicines, type MedicineBrowseParams } from '@medrelay/api-client';
import {
  BrowseToolbar,
  browsePageSize,
  EmptyState,
  MedicineRow,
  PageHeader,
  Pager,
  QueryGate,
  StackList,
  useBrowseState,
} from '@medrelay/ui';
import { RequestPickup } from '../request-pickup';

const sorts = ['expiry', 'name', 'quantity'] as const;
const sourceFilters = ['all', 'pharmacy', 'donor', 'urgent'] as const;
type SourceFilter = (typeof sourceFilters)[number];

/** The browse query of a source filter: a source, or urgent (7 days or fewer) from any source. */
export function sourceQuery(filter: SourceFilter): Pick<MedicineBrowseParams, 'source' | 'urgent'> {
  if (filter === 'pharmacy' || filter === 'donor') return { source: filter };
  if (filter === 'urgent') return { urgent: true };
  return {};
}

/** `/ngo/browse`: every available medicine offered to NGOs, searched, filtered and sorted. */
export default function BrowseDonations() {
  const { t } = useTranslation('ngo');
  const state = useBrowseState<SourceFilter>('expiry', 'all');
  const medicines = useBrowseMedicines({
    q: state.q || undefined,
    ...sourceQuery(state.filter),
    sort: state.sort,
    page: state.page,
    pageSize: browsePageSize,
  });
  const filtered = state.searchText !== '' || state.filter !== 'all' || state.sort !== 'expiry';
  return (
    <>
      <PageHeader title={t('browse.title')} subtitle={t('browse.subtitle')} />
      <BrowseToolbar
        searchText={state.searchText}
        onSearch={state.setSearchText}
        sort={state.sort}
        sorts={sorts}
        onSort={state.setSort}
      >
        <Field label={t('browse.source')}>
          <Select value={state.filter} onChange={(_, data) => state.setFilter(data.value as SourceFilter)}>
            {sourceFilters.map((filter) => (
              <option key={filter} value={filter}>
                {t(`browse.sources.${filter}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button disabled={!filtered} onClick={state.clear}>
          {t('browse.clear')}
        </Button>
      </BrowseToolbar>
      <QueryGate query={medicines} failedTitle={t('browse.loadFailed')}>
        {({ items, total }) => (
          <>
            <Text as="p" role="status" data-testid="result-count">
              {t('browse.found', { count: total })}
            </Text>
            {items.length ? (
              <StackList label={t('browse.title')}>
                {items.map((m) => (
                  <MedicineRow key={m.id} medicine={m} showSource actions={<RequestPickup medicine={m} />} />
                ))}
              </StackList>
            ) : (
              <EmptyState title={t('browse.empty')} />
            )}
            <Pager page={state.page} pageSize={browsePageSize} total={total} onPage={state.setPage} />
          </>
        )}
      </QueryGate>
    </>
  );
}
