import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine, MedicineRequest } from '@medrelay/contracts';
import { donationStatus, type DonationStatus } from '@medrelay/domain';
import { EmptyState, MedicineRow, StackList } from '@medrelay/ui';

const badgeColour: Record<DonationStatus, 'success' | 'warning' | 'brand'> = {
  available: 'success',
  pickupScheduled: 'warning',
  completed: 'brand',
};

/** Donations with the Available / Pickup Scheduled / Completed badge of spec §4. */
export function DonationList({
  donations,
  requests,
  label,
}: {
  donations: Medicine[];
  requests: MedicineRequest[];
  label: string;
}) {
  const { t } = useTranslation('donor');
  if (!donations.length) return <EmptyState title={t('donations.empty')} />;
  return (
    <StackList label={label}>
      {donations.map((donation) => {
        const status = donationStatus(donation.id, requests);
        return (
          <MedicineRow
            key={donation.id}
            medicine={donation}
            actions={
              <Badge appearance="filled" color={badgeColour[status]} data-testid="donation-status">
                {t(`status.${status}`)}
              </Badge>
            }
          />
        );
      })}
    </StackList>
  );
}
