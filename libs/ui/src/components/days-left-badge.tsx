import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { daysLeft, daysLeftTone } from '@medrelay/domain';

const badgeColour = { danger: 'danger', warning: 'warning', success: 'success' } as const;

/** Today / Tomorrow / N days (spec §2 alert entries); Expired at 0 days or fewer. */
export function useDaysLeftLabel() {
  const { t } = useTranslation('common');
  return (expiryDate: string | Date, now: Date = new Date()) => {
    // Cairo calendar days, today counted (libs/domain): 1 is today, 2 tomorrow.
    const days = daysLeft(expiryDate, now);
    if (days <= 0) return t('daysLeft.expired');
    if (days === 1) return t('daysLeft.today');
    if (days === 2) return t('daysLeft.tomorrow');
    return t('daysLeft.days', { count: days });
  };
}

/** The days-left badge of spec §4: red at 7 days or fewer, yellow 8–30, green beyond. */
export function DaysLeftBadge({ expiryDate }: { expiryDate: string | Date }) {
  const label = useDaysLeftLabel();
  return (
    <Badge appearance="filled" color={badgeColour[daysLeftTone(daysLeft(expiryDate))]}>
      {label(expiryDate)}
    </Badge>
  );
}
