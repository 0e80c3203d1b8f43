import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDonationStatuses } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { isAvailableListing, type DonationStatus } from '@medrelay/domain';
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
        // "Available" only while it is on offer: a withdrawn, expired or recalled donation with no
        // request reads as Unavailable instead.
        const status = statusOf.get(donation.id);
        const shown = status === 'available' && !isAvailableListing(donation) ? undefined : status;
        return (
          <MedicineRow
            key={donation.id}
            medicine={donation}
            showAvailability={shown === undefined && !isAvailableListing(donation)}
            actions={
              <>
                {shown && (
                  <Badge appearance="filled" color={badgeColour[shown]} data-testid="donation-status">
                    {t(`status.${shown}`)}
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
