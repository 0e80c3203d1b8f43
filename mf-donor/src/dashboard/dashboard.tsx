import { lazy, Suspense, useState } from 'react';
import { Button, useRestoreFocusTarget } from '@fluentui/react-components';
import { AddCircle24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { valuePerCompletedRequestEgp } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  PageHeader,
  RouterLink,
  SectionHeader,
  StatCard,
  StatGrid,
  useRemote,
  WelcomeMessage,
} from '@medrelay/ui';
import { DonationList } from '../donations/donation-list';
import { DonationsGate } from '../donations/use-donations';

// The form (and its validation library) loads on the first click: the dashboard stays light.
const AddDonationDialog = lazy(() => import('./add-donation-dialog'));

/** How many donations the dashboard shows; the rest are on My Donations. */
const recentCount = 5;

/** `/donor/dashboard`: the donor's figures from data, the latest donations and the Add Donation dialog. */
export function Dashboard() {
  const { t } = useTranslation('donor');
  const { user } = useRemote();
  const format = useFormat();
  const [adding, setAdding] = useState(false);
  // The dialog opens without a DialogTrigger: this gives focus back to the button when it closes.
  const restoreFocus = useRestoreFocusTarget();
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.subtitle')}
        actions={
          <Button
            appearance="primary"
            icon={<AddCircle24Regular />}
            onClick={() => setAdding(true)}
            {...restoreFocus}
          >
            {t('dashboard.addDonation')}
          </Button>
        }
      />
      {adding && (
        <Suspense fallback={null}>
          <AddDonationDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
      <WelcomeMessage title={t('dashboard.welcome', { name: user.name })} />
      <DonationsGate failedTitle={t('donations.loadFailed')} page={{ page: 1, pageSize: recentCount }}>
        {({ donations, summary }) => (
          <>
            <StatGrid label={t('dashboard.title')}>
              <StatCard label={t('stats.totalDonations')} value={format.number(summary.totalDonations)} />
              <StatCard label={t('stats.pendingPickups')} value={format.number(summary.pendingPickups)} />
              <StatCard
                label={t('stats.completedDonations')}
                value={format.number(summary.completedDonations)}
              />
              <StatCard
                label={t('stats.impactValue')}
                value={format.money(summary.impactValue)}
                hint={t('stats.impactValueHint', { egp: format.number(valuePerCompletedRequestEgp) })}
              />
            </StatGrid>
            <SectionHeader
              title={t('dashboard.myDonations')}
              action={
                summary.totalDonations > recentCount ? (
                  <RouterLink to="/donations">{t('dashboard.viewAll')}</RouterLink>
                ) : undefined
              }
            />
            <DonationList donations={donations} label={t('dashboard.myDonations')} />
          </>
        )}
      </DonationsGate>
    </>
  );
}
