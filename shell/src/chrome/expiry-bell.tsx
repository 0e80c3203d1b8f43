import {
  Button,
  CounterBadge,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Alert24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useExpiringMedicines, usePublicSettings, type ExpiringMedicine } from '@medrelay/api-client';
import { defaultSettings, type UserType } from '@medrelay/contracts';
import { daysLeft, urgentThresholdDays } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import { DaysLeftBadge } from '@medrelay/ui';
import { useHeaderStyles } from './header-styles';

const useStyles = makeStyles({
  // Fluent's Button clips what overflows it; the badge sits at the bell's top end and may reach
  // past the icon, so the button lets it show (#5).
  button: { overflow: 'visible' },
  trigger: { position: 'relative', display: 'inline-flex' },
  count: { position: 'absolute', insetBlockStart: '-8px', insetInlineEnd: '-8px' },
  surface: { width: '320px', maxWidth: '90vw', maxHeight: '70vh', overflowY: 'auto' },
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
const stockOwners: UserType[] = ['pharmacy', 'donor'];

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
                {/* The expiry day counted in Cairo calendar days (days left counts today too), so
                    it reads the same all day and beside every listing of that day. */}
                {format.relativeDays(daysLeft(m.expiryDate) - 1)}
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
 * The header's expiry bell (spec §2): the caller's stock expiring within the administrator's
 * expiry warning window (30 days by default; the server applies it), in two groups.
 */
export function ExpiryBell({ role }: { role: UserType }) {
  const styles = useStyles();
  const header = useHeaderStyles();
  const { t } = useTranslation('common');
  const query = useExpiringMedicines(stockOwners.includes(role));
  const window = usePublicSettings().data?.expiryWarningDays ?? defaultSettings.expiryWarningDays;
  // The answer holds the soonest 100 at most; the badge counts them all (the server's total).
  const items = (query.data?.items ?? []).filter((m) => daysLeft(m.expiryDate) > 0);
  const count = query.data?.total ?? 0;
  const urgent = items.filter((m) => daysLeft(m.expiryDate) <= urgentThresholdDays);
  const soon = items.filter((m) => daysLeft(m.expiryDate) > urgentThresholdDays);
  return (
    <Popover positioning="below-end" withArrow>
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={mergeClasses(header.control, styles.button)}
          data-testid="expiry-bell"
          icon={
            // The count rides on the bell, so the button stays icon-sized.
            <span className={styles.trigger}>
              <Alert24Regular />
              {count > 0 && (
                <CounterBadge
                  className={styles.count}
                  count={count}
                  overflowCount={99}
                  size="small"
                  color="danger"
                />
              )}
            </span>
          }
          // The name holds the digit the badge shows (every Arabic plural form spells it out).
          aria-label={`${t('header.alerts')}: ${t('header.alertsCount', { count })}`}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('alerts.title')}>
        <Text weight="semibold" size={400}>
          {t('alerts.title')}
        </Text>
        {query.isLoading && <Spinner size="tiny" />}
        {query.isError && <Text block>{t('alerts.failed')}</Text>}
        {query.isSuccess && count === 0 && (
          <Text block className={styles.muted}>
            {t('alerts.empty')}
          </Text>
        )}
        {!stockOwners.includes(role) && (
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
      </PopoverSurface>
    </Popover>
  );
}
