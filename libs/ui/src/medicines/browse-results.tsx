import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBrowseMedicines, type MedicineBrowseParams, type Page } from '@medrelay/api-client';
import type { BrowseSort, Medicine, MedicineSort } from '@medrelay/contracts';
import {
  pickupPointOf,
  radiusChoicesKm,
  snappedPoint,
  type LatLng,
  type RadiusKm,
} from '@medrelay/domain/pickup-points';
import { EmptyState } from '../components/empty-state';
import { QueryGate } from '../components/query-gate';
import { useMyLocation } from '../location/use-my-location';
import { useRemote } from '../role-app';
import { BrowseToolbar, browsePageSize, useBrowseState } from './browse-toolbar';
import { BrowseCard } from './browse-card';
import { StackList } from './medicine-row';
import { Pager } from './pager';
import { pageCount } from '../components/paging';

// Leaflet and its plugin load with the map only.
const BrowseMap = lazy(() => import('./browse-map'));

const useNearStyles = makeStyles({
  near: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  views: { marginBlockEnd: tokens.spacingVerticalM },
  // The map beside the list on wide screens, alone (and tall) on phones.
  split: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
  listBeside: { display: 'none', '@media (min-width: 1024px)': { display: 'block' } },
  mapBox: {
    height: '60vh',
    '@media (min-width: 1024px)': {
      position: 'sticky',
      insetBlockStart: tokens.spacingVerticalL,
      height: '70vh',
    },
  },
});

/**
 * A page of offered medicines (each with who offers it and the screen's request button), the
 * count line when the screen has one, the empty message and the pager.
 */
export function BrowseResults({
  query,
  page,
  onPage,
  label,
  failedTitle,
  countLabel,
  empty,
  emptyBody,
  actions,
  focusedId = null,
}: {
  query: UseQueryResult<Page<Medicine>>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  failedTitle: string;
  /** `estimated`: the total is the server's estimate of a large list ("about N"). */
  countLabel?: (total: number, estimated: boolean) => string;
  empty: string;
  emptyBody?: string;
  actions: (medicine: Medicine) => ReactNode;
  /** The listing opened from the map: marked and scrolled into view. */
  focusedId?: number | null;
}) {
  // Stock goes as others take it: a page past the end (say page 3 of now 2) moves to the last one.
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = pageCount(total, browsePageSize);
    if (page > last) onPage(last);
  }, [total, page, onPage]);
  return (
    <QueryGate query={query} failedTitle={failedTitle}>
      {({ items, total, estimated }) => (
        <>
          {/* Nothing found: the empty message alone says so ("Found 0" beside it was a second one). */}
          {countLabel && total > 0 && (
            <Text as="p" role="status" data-testid="result-count">
              {countLabel(total, estimated ?? false)}
            </Text>
          )}
          {items.length ? (
            <StackList label={label} grid>
              {items.map((m) => (
                <BrowseCard key={m.id} medicine={m} focused={m.id === focusedId} actions={actions(m)} />
              ))}
            </StackList>
          ) : (
            <EmptyState title={empty} body={emptyBody} />
          )}
          <Pager page={page} pageSize={browsePageSize} total={total} onPage={onPage} />
        </>
      )}
    </QueryGate>
  );
}

type BrowseState<F> = ReturnType<typeof useBrowseState<F>>;

/**
 * Where distances are measured from: the browser's location once the caller shared
 * it, else their account's pickup point (pin, area centre or governorate capital), else none.
 */
function useBrowsePoint() {
  const { user } = useRemote();
  const account = pickupPointOf(user);
  const [located, setLocated] = useState<LatLng | null>(null);
  const location = useMyLocation();
  const point = located ?? account;
  return {
    // Snapped as the server snaps it: nearby callers share cached pages.
    point: point && snappedPoint(point),
    source: located ? ('location' as const) : account ? ('account' as const) : null,
    locate: async () => {
      const found = await location.locate();
      if (found) setLocated(found);
      return found;
    },
    locating: location.locating,
    problem: location.problem,
  };
}

/**
 * A whole browse screen below its header: search, sort, the screen's own filters, near-me
 * (nearest first by default when the caller has a point, a radius, "use my location"), the list
 * or the map, and the results. `fixed` holds what the screen always asks for (recipients,
 * source); `filterQuery` turns the screen's filter into query parameters.
 */
export function MedicineBrowser<F = undefined>({
  fixed,
  sorts: listSorts,
  initialFilter,
  filterQuery,
  filters,
  ...results
}: {
  fixed?: MedicineBrowseParams;
  sorts: readonly MedicineSort[];
  initialFilter?: F;
  filterQuery?: (filter: F) => MedicineBrowseParams;
  /** Extra controls in the toolbar, given the browse state (filters, Clear Filters). */
  filters?: (state: BrowseState<F>) => ReactNode;
  label: string;
  failedTitle: string;
  countLabel?: (total: number, estimated: boolean) => string;
  /** The empty message and its body; they may depend on whether a search or filter is on. */
  empty: string | ((searching: boolean) => string);
  emptyBody?: string | ((searching: boolean) => string | undefined);
  actions: (medicine: Medicine) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const styles = useNearStyles();
  const near = useBrowsePoint();
  const sorts: readonly BrowseSort[] = near.point ? ['distance', ...listSorts] : listSorts;
  // The radius lives in the browse state: Clear Filters resets it with the rest.
  const state = useBrowseState<F>(sorts[0]!, initialFilter);
  const { radius } = state;
  const [view, setView] = useState<'list' | 'map'>('list');
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const query = useBrowseMedicines({
    ...fixed,
    ...filterQuery?.(state.filter),
    q: state.q || undefined,
    // Nearest first needs a point: without one the list falls back to the screen's first sort.
    sort: state.sort === 'distance' && !near.point ? listSorts[0] : state.sort,
    ...(near.point ? { lat: near.point.lat, lng: near.point.lng, radiusKm: radius ?? undefined } : {}),
    page: state.page,
    pageSize: browsePageSize,
  });
  const { empty, emptyBody, ...rest } = results;
  const searching = state.q !== '' || state.filter !== initialFilter || radius !== null;
  const openLabel = useCallback((m: Medicine) => t('near.openListing', { name: m.name }), [t]);
  const openFromMap = useCallback((m: Medicine) => {
    setFocusedId(m.id);
    setView('list');
  }, []);
  const resultsOf = (focus: number | null) => (
    <BrowseResults
      {...rest}
      query={query}
      page={state.page}
      onPage={state.setPage}
      empty={typeof empty === 'function' ? empty(searching) : empty}
      emptyBody={typeof emptyBody === 'function' ? emptyBody(searching) : emptyBody}
      focusedId={focus}
    />
  );
  return (
    <>
      <BrowseToolbar
        searchText={state.searchText}
        onSearch={state.setSearchText}
        sort={state.sort}
        sorts={sorts}
        onSort={state.setSort}
      >
        {filters?.(state)}
        {near.point && (
          <Field label={t('near.radius')}>
            <Select
              data-testid="radius"
              value={radius === null ? '' : String(radius)}
              onChange={(_, data) => state.setRadius(data.value ? (Number(data.value) as RadiusKm) : null)}
            >
              <option value="">{t('near.radiusAll')}</option>
              {radiusChoicesKm.map((km) => (
                <option key={km} value={km}>
                  {t('near.radiusKm', { value: km })}
                </option>
              ))}
            </Select>
          </Field>
        )}
      </BrowseToolbar>
      <div className={styles.near}>
        {near.point ? (
          <Text size={200} data-testid="distance-origin">
            {t(near.source === 'location' ? 'near.fromLocation' : 'near.fromPickupPoint')}
          </Text>
        ) : (
          <MessageBar intent="info" layout="multiline" data-testid="no-point">
            <MessageBarBody>{t('near.noPoint')}</MessageBarBody>
          </MessageBar>
        )}
        <Button
          icon={<LocationRegular />}
          disabledFocusable={near.locating}
          onClick={async () => {
            // Nearest first from where the caller stands now.
            if (await near.locate()) state.setSort('distance');
          }}
        >
          {near.locating ? t('placeField.locating') : t('placeField.useMyLocation')}
        </Button>
        {near.problem && (
          <Text size={200} role="alert">
            {t(`placeField.${near.problem}`)}
          </Text>
        )}
      </div>
      <TabList
        className={styles.views}
        selectedValue={view}
        onTabSelect={(_, data) => setView(data.value as 'list' | 'map')}
      >
        <Tab value="list">{t('near.list')}</Tab>
        <Tab value="map">{t('near.map')}</Tab>
      </TabList>
      {view === 'list' ? (
        resultsOf(focusedId)
      ) : (
        <div className={styles.split}>
          <div className={styles.listBeside}>{resultsOf(null)}</div>
          <div className={styles.mapBox}>
            <Suspense fallback={<Spinner aria-label={t('busy')} />}>
              <BrowseMap
                items={query.data?.items ?? []}
                origin={near.point}
                label={t('near.mapLabel')}
                zoomLabels={{ zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') }}
                openLabel={openLabel}
                onOpen={openFromMap}
              />
            </Suspense>
          </div>
        </div>
      )}
    </>
  );
}
