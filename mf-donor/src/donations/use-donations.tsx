import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyMedicines, useRequestSummary } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { donorSummary } from '@medrelay/domain';
import { CenteredSpinner, ErrorState, errorDescription } from '@medrelay/ui';

export interface DonationsData {
  donations: Medicine[];
  summary: ReturnType<typeof donorSummary>;
}

/**
 * Every donor screen reads the donations and the counts of the requests on them (the server
 * counts them): the spinner until both arrived, one error with retry if either failed, then the
 * screen with the figures of spec §2.
 */
export function DonationsGate({
  failedTitle,
  children,
}: {
  failedTitle: string;
  children: (data: DonationsData) => ReactNode;
}) {
  const { t } = useTranslation('common');
  const donations = useMyMedicines();
  const requests = useRequestSummary({ fresh: true });
  const failed = donations.error ?? requests.error;
  if (failed)
    return (
      <ErrorState
        title={failedTitle}
        body={errorDescription(failed, t('toast.error'), t('toast.networkError'))}
        onRetry={() => {
          void donations.refetch();
          void requests.refetch();
        }}
      />
    );
  if (!donations.data || !requests.data) return <CenteredSpinner />;
  const { incoming, collected, medicines } = requests.data;
  return (
    <>
      {children({
        donations: donations.data,
        summary: donorSummary(donations.data, {
          pendingPickups: incoming.pending + incoming.approved,
          collected,
          completedDonations: medicines.completed,
          scheduledDonations: medicines.pickupScheduled,
        }),
      })}
    </>
  );
}
