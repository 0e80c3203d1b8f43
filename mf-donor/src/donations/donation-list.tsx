import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDonationStatuses } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import type { DonationStatus } from '@medrelay/domain';
import { EmptyState, ListingActions, MedicineRow, StackList } from '@medrelay/ui';

const badgeColour: Record<DonationStatus, 'success' | 'warning' | 'brand'> = {
  available: 'success',
  pickupScheduled: 'warning',
  completed: 'brand',
};

/**
 * Donations with the Available / Pickup Scheduled / Completed badge of spec §4 (the server's
 * count), each editable and withdrawable by its donor.
 */
export function DonationList({ donations, label }: { donations: Medicine[]; label: string }) {
  const { t } = useTranslation('donor');
  const statusOf = useDonationStatuses(donations.map((d) => d.id));
  if (!donations.length) return <EmptyState title={t('donations.empty')} />;
  return (
    <StackList label={label}>
      {donations.map((donation) => {
        const status = statusOf.get(donation.id);
        return (
          <MedicineRow
            key={donation.id}
            medicine={donation}
            actions={
              <>
                {status && (
                  <Badge appearance="filled" color={badgeColour[status]} data-testid="donation-status">
                    {t(`status.${status}`)}
                  </Badge>
                )}
                {/* A donation asks no price: its form has none. */}
                <ListingActions medicine={donation} withPrices={false} />
              </>
            }
          />
        );
      })}
    </StackList>
  );
}
