import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import {
  ArrowSwap24Regular,
  Box24Regular,
  CheckmarkCircle24Regular,
  Money24Regular,
} from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMyMedicines, useRequestSummary } from '@medrelay/api-client';
import { urgentStockCount } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  EmptyState,
  FiguresError,
  MedicineRow,
  PageHeader,
  QueryGate,
  RouterLink,
  SectionHeader,
  StackList,
  StatCard,
  StatGrid,
  useFigure,
  useRemote,
  WelcomeMessage,
} from '@medrelay/ui';

const useStyles = makeStyles({
  notices: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** `/pharmacy/dashboard`: real figures from the pharmacy's listings and requests. */
export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation('pharmacy');
  const { user } = useRemote();
  const format = useFormat();
  const medicines = useMyMedicines();
  // Requests are counted by the server (libs/domain formulas over SQL groups), never downloaded here.
  const requests = useRequestSummary({ fresh: true });
  const figure = useFigure([medicines, requests]);
  const listed = medicines.data?.reduce((sum, m) => sum + m.quantity + m.reservedQuantity, 0);
  const pending = requests.data?.incoming.pending;
  const urgent = medicines.data ? urgentStockCount(medicines.data) : 0;
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <div className={styles.notices}>
        <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
        {urgent > 0 && (
          <MessageBar intent="warning" layout="multiline" data-testid="urgent-banner">
            <MessageBarBody>
              <MessageBarTitle>{t('dashboard.urgentTitle')}</MessageBarTitle>
              {t('dashboard.urgent', { count: urgent })}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
      <FiguresError queries={[medicines, requests]} />
      <StatGrid label={t('dashboard.title')}>
        <StatCard
          label={t('dashboard.totalListed')}
          value={figure(listed)}
          hint={medicines.data && t('dashboard.totalListedHint', { count: medicines.data.length })}
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
      <SectionHeader
        title={t('dashboard.recentListings')}
        action={<RouterLink to="/medicines">{t('dashboard.viewAll')}</RouterLink>}
      />
      <QueryGate query={medicines} failedTitle={t('medicines.loadFailed')}>
        {(list) =>
          list.length ? (
            <StackList label={t('dashboard.recentListings')}>
              {list.slice(0, 3).map((m) => (
                <MedicineRow key={m.id} medicine={m} showAvailability />
              ))}
            </StackList>
          ) : (
            <EmptyState title={t('dashboard.noListings')} />
          )
        }
      </QueryGate>
    </>
  );
}
