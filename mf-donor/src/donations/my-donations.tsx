import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddCircle24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '@medrelay/i18n';
import { myMedicinesPageSize } from '@medrelay/api-client';
import { OwnPlaceHint, PageHeader, Pager, StatCard, StatGrid, useTitleFocusOnArrival } from '@medrelay/ui';
import { DonationList } from './donation-list';
import { DonationsGate } from './use-donations';

/** `/donor/donations`: figures, the donations a page at a time with their status, and the way to add one. */
export default function MyDonations() {
  const { t } = useTranslation('donor');
  const format = useFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  // Reached from Add Donation once saved: focus on the title, not on the page's body.
  const top = useTitleFocusOnArrival<HTMLDivElement>();
  return (
    <div ref={top}>
      <PageHeader
        title={t('donations.title')}
        subtitle={t('donations.subtitle')}
        actions={
          <Button
            appearance="primary"
            icon={<AddCircle24Regular />}
            onClick={() => navigate('/add-donation')}
          >
            {t('donations.add')}
          </Button>
        }
      />
      <OwnPlaceHint />
      <DonationsGate failedTitle={t('donations.loadFailed')} page={{ page, pageSize: myMedicinesPageSize }}>
        {({ donations, summary }) => (
          <>
            <StatGrid label={t('donations.title')}>
              <StatCard label={t('stats.totalDonations')} value={format.number(summary.totalDonations)} />
              <StatCard
                label={t('stats.availableForPickup')}
                value={format.number(summary.availableForPickup)}
              />
              <StatCard label={t('stats.totalMedicines')} value={format.number(summary.totalMedicines)} />
            </StatGrid>
            <DonationList donations={donations} label={t('donations.title')} />
            <Pager
              page={page}
              pageSize={myMedicinesPageSize}
              total={summary.totalDonations}
              onPage={setPage}
            />
          </>
        )}
      </DonationsGate>
    </div>
  );
}
