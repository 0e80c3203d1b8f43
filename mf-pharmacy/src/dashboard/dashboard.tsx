import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import {
  ArrowSwap24Regular,
  Box24Regular,
  CheckmarkCircle24Regular,
  Money24Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMyMedicines, useMyMedicineSummary, useRequestSummary } from '@medrelay/api-client';
import { useFormat } from '@medrelay/i18n';
import {
  FiguresError,
  ListPreview,
  MedicineRow,
  NextAction,
  type NextStep,
  PageHeader,
  StatCard,
  StatGrid,
  useFigure,
  useRemote,
  WelcomeMessage,
} from '@medrelay/ui';

const useStyles = makeStyles({
  notices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/**
 * The one thing worth doing now: answer waiting requests first (someone is waiting), else list
 * the first medicine, else list more. Nothing until the figures it depends on have loaded.
 */
export function pharmacyNextStep(
  t: (key: string, options?: Record<string, unknown>) => string,
  figures: { pending?: number; listings?: number },
): NextStep | null {
  const { pending, listings } = figures;
  if (pending === undefined || listings === undefined) return null;
  if (pending > 0)
    return {
      title: t('dashboard.next.waitingTitle', { count: pending }),
      body: t('dashboard.next.waitingBody'),
      action: { to: '/requests', label: t('dashboard.next.review') },
    };
  const first = listings === 0;
  return {
    title: t(first ? 'dashboard.next.firstTitle' : 'dashboard.next.moreTitle'),
    body: t(first ? 'dashboard.next.firstBody' : 'dashboard.next.moreBody'),
    action: { to: '/add-medicine', label: t('dashboard.next.add') },
  };
}

/** How many of the newest listings the dashboard shows (spec §9); the rest are on My Medicines. */
const recentCount = 3;

/** `/pharmacy/dashboard`: figures summed by the catalog, the requests, and the newest listings. */
export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation('pharmacy');
  const { user } = useRemote();
  const format = useFormat();
  const summary = useMyMedicineSummary();
  const recent = useMyMedicines({ page: 1, pageSize: recentCount });
  // Requests are counted by the server (libs/domain formulas over SQL groups), never downloaded here.
  const requests = useRequestSummary({ fresh: true });
  const figure = useFigure([summary, requests]);
  const pending = requests.data?.incoming.pending;
  const urgent = summary.data?.urgent ?? 0;
  const next = pharmacyNextStep(t, { pending, listings: summary.data?.listings });
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <div className={styles.notices}>
        <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
        <NextAction step={next} loading={summary.isPending || requests.isPending} />
        {urgent > 0 && (
          <MessageBar intent="warning" layout="multiline" data-testid="urgent-banner">
            <MessageBarBody>
              <MessageBarTitle>{t('dashboard.urgentTitle')}</MessageBarTitle>
              {t('dashboard.urgent', { count: urgent })}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
      <FiguresError queries={[summary, requests]} />
      <StatGrid label={t('dashboard.title')}>
        <StatCard
          label={t('dashboard.totalListed')}
          // Units on offer now, as My Medicines shows them.
          value={figure(summary.data?.listedUnits)}
          hint={summary.data && t('dashboard.totalListedHint', { count: summary.data.available })}
          icon={<Box24Regular />}
        />
        <StatCard
          label={t('dashboard.pendingRequests')}
          value={figure(pending)}
          hint={t('dashboard.pendingHint')}
          icon={<ArrowSwap24Regular />}
        />
        <StatCard
          label={t('dashboard.successfulTransfers')}
          value={figure(requests.data?.successfulTransfers)}
          hint={t('dashboard.transfersHint')}
          icon={<CheckmarkCircle24Regular />}
        />
        <StatCard
          label={t('dashboard.revenueRecovered')}
          value={figure(requests.data?.revenueRecovered, format.money)}
          hint={t('dashboard.revenueHint')}
          icon={<Money24Regular />}
        />
      </StatGrid>
      <ListPreview
        title={t('dashboard.recentListings')}
        viewAll={{ to: '/medicines', label: t('dashboard.viewAll') }}
        query={recent}
        failedTitle={t('medicines.loadFailed')}
        empty={t('dashboard.noListings')}
      >
        {(m) => <MedicineRow key={m.id} medicine={m} showAvailability />}
      </ListPreview>
    </>
  );
}
