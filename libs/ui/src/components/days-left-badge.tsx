import { Badge } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { daysLeft, daysLeftTone } from '@medrelay/domain';

const badgeColour = { danger: 'danger', warning: 'warning', success: 'success' } as const;

function sameCalendarDay(a: Date, b: Date) {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Today / Tomorrow / N days (spec §2 alert entries); Expired at 0 days or fewer. */
export function useDaysLeftLabel() {
  const { t } = useTranslation('common');
  return (expiryDate: string | Date, now: Date = new Date()) => {
    const days = daysLeft(expiryDate, now);
    if (days <= 0) return t('daysLeft.expired');
    const expiry = new Date(expiryDate);
    if (sameCalendarDay(expiry, now)) return t('daysLeft.today');
    const tomorrow = new Date(now);
    tomorrow.setDate(now.getDate() + 1);
    if (sameCalendarDay(expiry, tomorrow)) return t('daysLeft.tomorrow');
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
