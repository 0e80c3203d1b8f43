import { useTranslation } from 'react-i18next';
import { useBrowseMedicines } from '@medrelay/api-client';
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
      <QueryGate query={medicines} failedTitle={t('pharmacyStock.loadFailed')}>
        {({ items, total }) =>
          items.length ? (
            <>
              <StackList label={t('pharmacyStock.title')}>
                {items.map((m) => (
                  <MedicineRow key={m.id} medicine={m} showSource actions={<RequestPickup medicine={m} />} />
                ))}
              </StackList>
              <Pager page={state.page} pageSize={browsePageSize} total={total} onPage={state.setPage} />
            </>
          ) : (
            <EmptyState title={t(state.q ? 'pharmacyStock.noMatch' : 'pharmacyStock.none')} />
          )
        }
      </QueryGate>
    </>
  );
}
