import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useMyMedicines,
  useMyMedicineSummary,
  useMyRequests,
  type MyMedicinesParams,
} from '@medrelay/api-client';
import type { Medicine, MedicineRequest } from '@medrelay/contracts';
import { donorSummary } from '@medrelay/domain';
import { CenteredSpinner, ErrorState, errorDescription } from '@medrelay/ui';

export interface DonationsData {
  /** The page of donations asked for (newest first); empty when the screen asked for none. */
  donations: Medicine[];
  /** Requests on the donor's donations. */
  requests: MedicineRequest[];
  /** Figures over every donation: the catalog sums them, nothing is downloaded for them. */
  summary: ReturnType<typeof donorSummary>;
}

/**
 * Every donor screen reads the donor's figures and the requests on the donations, and some a
 * page of the donations (`page`): the spinner until all arrived, one error with retry if any
 * failed, then the screen with the figures of spec §2.
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
  const requests = useMyRequests();
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
  const incoming = requests.data.filter((r) => r.direction === 'incoming');
  return (
    <>
      {children({
        donations: donations.data?.items ?? [],
        requests: incoming,
        summary: donorSummary(totals.data, incoming),
      })}
    </>
  );
}
