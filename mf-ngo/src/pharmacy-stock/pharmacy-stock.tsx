import { useTranslation } from 'react-i18next';
import { useBrowseMedicines } from '@medrelay/api-client';
import { BrowseResults, BrowseToolbar, browsePageSize, PageHeader, useBrowseState } from '@medrelay/ui';
import { RequestPickup } from '../request-pickup';

const sorts = ['expiry', 'name', 'price'] as const;

/** `/ngo/pharmacy-stock`: only medicines a pharmacy listed for NGOs (spec §2). */
export default function PharmacyStock() {
  const { t } = useTranslation('ngo');
  const state = useBrowseState('expiry');
  const medicines = useBrowseMedicines({
    recipientType: 'ngos',
    source: 'pharmacy',
    q: state.q || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: browsePageSize,
  });
  return (
    <>
      <PageHeader title={t('pharmacyStock.title')} subtitle={t('pharmacyStock.subtitle')} />
      <BrowseToolbar
        searchText={state.searchText}
        onSearch={state.setSearchText}
        sort={state.sort}
        sorts={sorts}
        onSort={state.setSort}
      />
      <BrowseResults
        query={medicines}
        page={state.page}
        onPage={state.setPage}
        label={t('pharmacyStock.title')}
        failedTitle={t('pharmacyStock.loadFailed')}
        empty={t(state.q ? 'pharmacyStock.noMatch' : 'pharmacyStock.none')}
        actions={(m) => <RequestPickup medicine={m} />}
      />
    </>
  );
}
