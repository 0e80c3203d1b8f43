import { Badge, type BadgeProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Medicine, MedicineSource, RecipientType, RequestStatus } from '@medrelay/contracts';
import { isAvailableListing } from '@medrelay/domain';
import type { MedicineCategory } from '@medrelay/domain/categories';
import { WeatherSnowflake20Regular } from '@fluentui/react-icons';

/** Who may request the medicine: one badge per recipient group. */
export function RecipientBadges({ recipientType }: { recipientType: RecipientType }) {
  const { t } = useTranslation('common');
  const groups = recipientType === 'both' ? (['ngos', 'pharmacies'] as const) : [recipientType];
  return (
    <>
      {groups.map((group) => (
        <Badge key={group} appearance="tint" color="informative">
          {t(`recipientBadge.${group}`)}
        </Badge>
      ))}
    </>
  );
}

/**
 * Available / Unavailable as the server offers the listing. A listed listing whose every unit
 * approved requests took (`reservedQuantity`, on the shelf until collected) reads All promised:
 * beside 0 units, "Unavailable" led owners to type the same boxes back in and promise them twice.
 */
export function AvailabilityBadge({
  medicine,
}: {
  medicine: Pick<Medicine, 'isAvailable' | 'quantity' | 'reservedQuantity' | 'expiryDate' | 'quarantined'>;
}) {
  const { t } = useTranslation('common');
  // As the server offers it: an expired listing is no longer available, whatever its flag says.
  const available = isAvailableListing(medicine);
  // Listed, in date and not recalled: only the quantity left is 0, because approvals took it.
  const allPromised =
    !available &&
    medicine.quantity === 0 &&
    medicine.reservedQuantity > 0 &&
    isAvailableListing({ ...medicine, quantity: medicine.reservedQuantity });
  return (
    <Badge
      appearance="outline"
      color={available ? 'success' : allPromised ? 'brand' : 'subtle'}
      data-testid="availability"
    >
      {t(available ? 'medicine.available' : allPromised ? 'medicine.allPromised' : 'medicine.unavailable')}
    </Badge>
  );
}

/** A listing held back by an active batch recall: shown on its owner's screens. */
export function QuarantineBadge({ medicine }: { medicine: Pick<Medicine, 'quarantined'> }) {
  const { t } = useTranslation('common');
  if (!medicine.quarantined) return null;
  return (
    <Badge appearance="filled" color="danger" data-testid="quarantine-badge">
      {t('medicine.quarantined')}
    </Badge>
  );
}

/** Donor or Pharmacy: who offers the medicine. */
export function SourceBadge({ source }: { source: MedicineSource }) {
  const { t } = useTranslation('common');
  return (
    <Badge appearance="tint" color={source === 'donor' ? 'important' : 'brand'}>
      {t(`source.${source}`)}
    </Badge>
  );
}

const statusColour: Record<RequestStatus | 'calledOff', BadgeProps['color']> = {
  pending: 'warning',
  approved: 'brand',
  rejected: 'danger',
  completed: 'success',
  cancelled: 'subtle',
  calledOff: 'severe',
};

/**
 * A request's status. Spec §4: pending reads 'Pending Review' on owners' screens (pharmacy) and
 * 'Pending' for requesters (NGO). A pickup called off after its approval (`calledOff`: rejected or
 * cancelled from approved, by a party or the platform) reads Called off, not Rejected or Cancelled:
 * the row's own note says it was called off, and it was agreed before.
 */
export function RequestStatusBadge({
  status,
  calledOff = false,
  pendingWording = 'pending',
}: {
  status: RequestStatus;
  calledOff?: boolean | undefined;
  pendingWording?: 'pending' | 'pendingReview';
}) {
  const { t } = useTranslation('common');
  const shown = calledOff && (status === 'rejected' || status === 'cancelled') ? 'calledOff' : status;
  return (
    <Badge appearance="filled" color={statusColour[shown]} data-testid="request-status">
      {t(`requestStatus.${shown === 'pending' ? pendingWording : shown}`)}
    </Badge>
  );
}

/**
 * Guardrail categories of a listing: cold chain stands out (snowflake, brand colour)
 * because the collector must bring a cool box; prescription-only and controlled are quieter.
 * `short`: one word each (a browse card's row beside its button); the full labels are in the
 * request dialog.
 */
export function CategoryBadges({
  categories,
  short = false,
}: {
  categories: readonly MedicineCategory[] | undefined;
  short?: boolean;
}) {
  const { t } = useTranslation('common');
  if (!categories?.length) return null;
  return (
    <>
      {categories.map((category) =>
        category === 'coldChain' ? (
          <Badge
            key={category}
            appearance="filled"
            color="informative"
            icon={<WeatherSnowflake20Regular />}
            data-testid="cold-chain-badge"
          >
            {t('category.coldChainBadge')}
          </Badge>
        ) : (
          <Badge key={category} appearance="outline" color="warning" data-testid="category-badge">
            {t(short ? `category.${category}Badge` : `category.${category}`)}
          </Badge>
        ),
      )}
    </>
  );
}
