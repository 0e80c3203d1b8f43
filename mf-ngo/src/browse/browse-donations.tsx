import { Button, Field, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useBrowseMedicines, type MedicineBrowseParams } from '@medrelay/api-client';
import { BrowseResults, BrowseToolbar, browsePageSize, PageHeader, useBrowseState } from '@medrelay/ui';
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
      <BrowseResults
        query={medicines}
        page={state.page}
        onPage={state.setPage}
        label={t('browse.title')}
        failedTitle={t('browse.loadFailed')}
        countLabel={(count) => t('browse.found', { count })}
        empty={t('browse.empty')}
        actions={(m) => <RequestPickup medicine={m} />}
      />
    </>
  );
}
