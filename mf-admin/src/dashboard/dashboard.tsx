import { makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { PageHeader, StatCard, StatGrid, useRemote, WelcomeMessage } from '@medrelay/ui';
import { refetchOnOpen, statsKey } from '../users/keys';
import { PendingApprovals } from './pending-approvals';
import { RecentActivity } from './recent-activity';

const useStyles = makeStyles({
  panels: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
});

const cards = ['totalUsers', 'pendingApprovals', 'totalMedicines', 'totalRequests'] as const;

/** `/admin/dashboard`: platform figures, the accounts waiting for review and the recent activity. */
export function Dashboard() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const { user } = useRemote();
  const format = useFormat();
  const stats = useQuery<AdminStats>({ queryKey: statsKey, ...refetchOnOpen });
  const value = (card: (typeof cards)[number]) => {
    const n = stats.data?.[card];
    return n === null || n === undefined ? '—' : format.number(n);
  };
  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
      {/* Every role's figures: a compact strip, two to a row, on a phone (one to a row here before). */}
      <StatGrid label={t('dashboard.statsTitle')}>
        {cards.map((card) => (
          <StatCard
            key={card}
            label={t(`dashboard.stats.${card}`)}
            value={stats.isPending ? '…' : value(card)}
          />
        ))}
      </StatGrid>
      <div className={styles.panels}>
        <PendingApprovals />
        <RecentActivity />
      </div>
    </>
  );
}
