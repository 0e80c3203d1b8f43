import { useTranslation } from 'react-i18next';
import { useBrowseMedicines } from '@medrelay/api-client';
import {
  BrowseResults,
  BrowseToolbar,
  browsePageSize,
  PageHeader,
  RequestMedicineButton,
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
      <BrowseResults
        query={medicines}
        page={state.page}
        onPage={state.setPage}
        label={t('browse.title')}
        failedTitle={t('browse.loadFailed')}
        countLabel={(count) => t('browse.found', { count })}
        empty={t('browse.empty')}
        emptyBody={t('browse.emptyBody')}
        actions={(m) => (
          <RequestMedicineButton
            medicine={m}
            label={t('browse.requestTransfer')}
            notesKind="transfer"
            successTitle={t('common:toast.requestSubmitted')}
          />
        )}
      />
    </>
  );
}
