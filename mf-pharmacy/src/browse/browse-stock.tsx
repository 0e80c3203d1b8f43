import { Text } from '@fluentui/react-components';
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
  RequestMedicineButton,
  StackList,
  useBrowseState,
} from '@medrelay/ui';

const sorts = ['expiry', 'name', 'price'] as const;

/** `/pharmacy/browse`: stock offered to pharmacies by other pharmacies and donors, page by page. */
export default function BrowseStock() {
  const { t } = useTranslation('pharmacy');
  const state = useBrowseState('expiry');
  const medicines = useBrowseMedicines({
    recipientType: 'pharmacies',
    q: state.q || undefined,
    sort: state.sort,
    page: state.page,
    pageSize: browsePageSize,
  });
  return (
    <>
      <PageHeader title={t('browse.title')} subtitle={t('browse.subtitle')} />
      <BrowseToolbar
        searchText={state.searchText}
        onSearch={state.setSearchText}
        sort={state.sort}
        sorts={sorts}
        onSort={state.setSort}
      />
      <QueryGate query={medicines} failedTitle={t('browse.loadFailed')}>
        {({ items, total }) => (
          <>
            <Text as="p" role="status" data-testid="result-count">
              {t('browse.found', { count: total })}
            </Text>
            {items.length ? (
              <StackList label={t('browse.title')}>
                {items.map((m) => (
                  <MedicineRow
                    key={m.id}
                    medicine={m}
                    showSource
                    actions={
                      <RequestMedicineButton
                        medicine={m}
                        label={t('browse.requestTransfer')}
                        notesKind="transfer"
                        successTitle={t('common:toast.requestSubmitted')}
                      />
                    }
                  />
                ))}
              </StackList>
            ) : (
              <EmptyState title={t('browse.empty')} body={t('browse.emptyBody')} />
            )}
            <Pager page={state.page} pageSize={browsePageSize} total={total} onPage={state.setPage} />
          </>
        )}
      </QueryGate>
    </>
  );
}
