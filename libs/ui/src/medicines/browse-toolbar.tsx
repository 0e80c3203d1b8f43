import { useEffect, useState, type ReactNode } from 'react';
import { Field, makeStyles, SearchBox, Select, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { BrowseSort } from '@medrelay/contracts';
import type { RadiusKm } from '@medrelay/domain/pickup-points';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-end',
    marginBlockEnd: tokens.spacingVerticalL,
  },
  search: { flex: '1 1 260px' },
});

/** Browse screens page through at most this many medicines at a time. */
export const browsePageSize = 20;

/**
 * Search, sort, filter, radius and page of a browse screen. The search is sent 300 ms after the
 * last key, and any change of what is shown goes back to the first page. `clear` puts every one
 * back as the screen started (the radius too); `changed` says whether anything differs from that
 * (Clear Filters is disabled without it).
 */
export function useBrowseState<F = undefined>(initialSort: BrowseSort, initialFilter?: F) {
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [sort, setSortState] = useState(initialSort);
  const [filter, setFilterState] = useState(initialFilter as F);
  const [radius, setRadiusState] = useState<RadiusKm | null>(null);
  const [page, setPage] = useState(1);
  useEffect(() => {
    const next = searchText.trim();
    if (next === q) return;
    const timer = setTimeout(() => {
      setQ(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, q]);
  return {
    searchText,
    setSearchText,
    q,
    sort,
    setSort: (value: BrowseSort) => {
      setSortState(value);
      setPage(1);
    },
    filter,
    setFilter: (value: F) => {
      setFilterState(value);
      setPage(1);
    },
    /** How far from the caller's point (km); null: any distance. */
    radius,
    setRadius: (value: RadiusKm | null) => {
      setRadiusState(value);
      setPage(1);
    },
    page,
    setPage,
    changed:
      searchText !== '' || q !== '' || sort !== initialSort || filter !== initialFilter || radius !== null,
    clear: () => {
      setSearchText('');
      setQ('');
      setSortState(initialSort);
      setFilterState(initialFilter as F);
      setRadiusState(null);
      setPage(1);
    },
  };
}

/** The search box and sort choice above a list of medicines; `children` adds filters. */
export function BrowseToolbar({
  searchText,
  onSearch,
  sort,
  sorts,
  onSort,
  children,
}: {
  searchText: string;
  onSearch: (text: string) => void;
  sort: BrowseSort;
  sorts: readonly BrowseSort[];
  onSort: (sort: BrowseSort) => void;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.root} role="search">
      <Field label={t('browse.search')} className={styles.search}>
        <SearchBox dir="auto" value={searchText} onChange={(_, data) => onSearch(data.value)} />
      </Field>
      {children}
      <Field label={t('browse.sortBy')}>
        <Select value={sort} onChange={(_, data) => onSort(data.value as BrowseSort)}>
          {sorts.map((option) => (
            <option key={option} value={option}>
              {option === 'distance' ? t('near.sortDistance') : t(`browse.sort.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
