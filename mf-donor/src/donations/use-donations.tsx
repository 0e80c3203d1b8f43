import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useMyMedicines,
  useMyMedicineSummary,
  useRequestSummary,
  type MyMedicinesParams,
} from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { donorSummary } from '@medrelay/domain';
import { CenteredSpinner, ErrorState, errorDescription } from '@medrelay/ui';

export interface DonationsData {
  /** The page of donations asked for (newest first); empty when the screen asked for none. */
  donations: Medicine[];
  /** Figures over every donation: the catalog and the requests service count them, nothing is downloaded for them. */
  summary: ReturnType<typeof donorSummary>;
}

/**
 * Every donor screen reads the donor's figures (the catalog's totals and the requests' counts)
 * and some a page of the donations (`page`): the spinner until all arrived, one error with retry
 * if any failed, then the screen with the figures of spec §2.
 */
export function DonationsGate({
  failedTitle,
  page,
  children,
}: {
  failedTitle: string;
  /** Which donations the screen lists; none when left out. */
  page?: MyMedicinesParams;
  children: (data: DonationsData) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const totals = useMyMedicineSummary();
  const donations = useMyMedicines(page, { enabled: page !== undefined });
  const requests = useRequestSummary({ fresh: true });
  const loads = page ? [totals, donations, requests] : [totals, requests];
  const failed = loads.find((q) => q.error)?.error;
  if (failed)
    return (
      <ErrorState
        title={failedTitle}
        body={errorDescription(failed, t('toast.error'), t('toast.networkError'))}
        onRetry={() => loads.forEach((q) => void q.refetch())}
      />
    );
  if (!totals.data || !requests.data || (page && !donations.data)) return <CenteredSpinner />;
  const { incoming, collected, medicines } = requests.data;
  return (
    <>
      {children({
        donations: donations.data?.items ?? [],
        summary: donorSummary(totals.data, {
          pendingPickups: incoming.pending + incoming.approved,
          collected,
          completedDonations: medicines.completed,
          scheduledDonations: medicines.pickupScheduled,
          availableDonations: medicines.available,
        }),
      })}
    </>
  );
}
