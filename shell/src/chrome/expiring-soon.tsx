import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useExpiringMedicines, usePublicSettings, type ExpiringMedicine } from '@medrelay/api-client';
import { defaultSettings, type UserType } from '@medrelay/contracts';
import { daysLeft, urgentThresholdDays } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import { DaysLeftBadge } from '@medrelay/ui';

const useStyles = makeStyles({
  group: { marginBlockStart: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: '0', padding: '0' },
  entry: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Roles that own stock; the others have nothing that can expire on them. */
export const stockOwners: UserType[] = ['pharmacy', 'donor'];

/** The caller's expiring stock (spec §2), for the bell's name and its "Expiring soon" section. */
export function useExpiring(role: UserType) {
  const query = useExpiringMedicines(stockOwners.includes(role));
  // The answer holds the soonest 100 at most; the count covers them all (the server's total).
  return { query, count: query.data?.total ?? 0 };
}

function AlertGroup({ title, items }: { title: string; items: ExpiringMedicine[] }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  if (!items.length) return null;
  return (
    <section className={styles.group} aria-label={title}>
      <Text weight="semibold">{title}</Text>
      <ul className={styles.list}>
        {items.map((m) => (
          <li key={m.id} className={styles.entry}>
            <div>
              <Text block>{m.name}</Text>
              <Text size={200} className={styles.muted}>
                {t('alerts.quantity', { count: m.quantity })} ·{' '}
                {/* The expiry day itself (Cairo): "in 3 days" beside a badge counting today too
                    ("4 days") read as two different answers. */}
                {t('alerts.expiresOn', { date: format.date(m.expiryDate) })}
              </Text>
            </div>
            <DaysLeftBadge expiryDate={m.expiryDate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The expiry popover of spec §2, now the "Expiring soon" section of the notification centre: the
 * caller's stock expiring within the administrator's expiry warning window (30 days by default;
 * the server applies it), in two groups.
 */
export function ExpiringSoon({ role }: { role: UserType }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const { query, count } = useExpiring(role);
  const window = usePublicSettings().data?.expiryWarningDays ?? defaultSettings.expiryWarningDays;
  const items = (query.data?.items ?? []).filter((m) => daysLeft(m.expiryDate) > 0);
  const urgent = items.filter((m) => daysLeft(m.expiryDate) <= urgentThresholdDays);
  const soon = items.filter((m) => daysLeft(m.expiryDate) > urgentThresholdDays);
  return (
    <>
      {query.isLoading && <Spinner size="tiny" />}
      {query.isError && <Text block>{t('alerts.failed')}</Text>}
      {query.isSuccess && count === 0 && (
        <Text block className={styles.muted}>
          {t('alerts.empty')}
        </Text>
      )}
      <AlertGroup title={t('alerts.urgent', { days: urgentThresholdDays })} items={urgent} />
      <AlertGroup title={t('alerts.soon', { from: urgentThresholdDays + 1, to: window })} items={soon} />
      {count > items.length && (
        <Text block size={200} className={styles.muted}>
          {t('alerts.more', { shown: items.length, count })}
        </Text>
      )}
    </>
  );
}
