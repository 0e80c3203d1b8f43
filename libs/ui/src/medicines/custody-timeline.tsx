import { Badge, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequestCustody } from '@medrelay/api-client';
import type { CustodyEntry, MedicineRequest } from '@medrelay/contracts';
import { formatPickupWindow } from '@medrelay/domain/formats';
import { useFormat } from '@medrelay/i18n';
import { handoverTone } from './handover-state';
import { ReadDialogButton } from './read-dialog-button';

const useStyles = makeStyles({
  timeline: {
    listStyleType: 'none',
    margin: 0,
    // Griffel flips left to right in RTL pages.
    paddingLeft: tokens.spacingHorizontalM,
    borderLeftWidth: tokens.strokeWidthThick,
    borderLeftStyle: 'solid',
    borderLeftColor: tokens.colorNeutralStroke1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    overflowWrap: 'anywhere',
  },
});

function CustodyEntryItem({ entry }: { entry: CustodyEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('common');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const format = useFormat();
  const role = t(`custody.roles.${entry.actorRole}`, { defaultValue: entry.actorRole });
  const pack = entry.gtin || entry.batch || entry.serial;
  // A step inside a status: a pickup time settled (or, with no window, an agreed one withdrawn),
  // or the owner's answer to a marked collection.
  const title =
    entry.fromStatus === entry.status
      ? entry.status === 'approved' && !entry.pickupWindow
        ? t('custody.windowWithdrawn')
        : t(`custody.within.${entry.status}`, { defaultValue: t(`custody.statuses.${entry.status}`) })
      : t(`custody.statuses.${entry.status}`, { defaultValue: entry.status });
  return (
    <li className={styles.entry} data-testid="custody-entry">
      <Text weight="semibold">{title}</Text>
      <Text size={200}>
        <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> ·{' '}
        {t('custody.by', { name: entry.actorName, role })}
      </Text>
      <Text size={200}>
        {/* Isolated: in Arabic, a Latin name took the units' figure into its own run ('Panadol · 6'). */}
        <bdi>{entry.medicineName ?? ''}</bdi> · {t('custody.quantity', { count: entry.quantity })}
      </Text>
      {pack && (
        <Text size={200} dir="ltr">
          {t('custody.pack', {
            gtin: entry.gtin ?? '–',
            batch: entry.batch ?? '–',
            serial: entry.serial ?? '–',
          })}
        </Text>
      )}
      {entry.pickupWindow && (
        <Text size={200}>
          {t('custody.window', {
            window: formatPickupWindow(entry.pickupWindow.startsAt, entry.pickupWindow.endsAt, language),
          })}
        </Text>
      )}
      {entry.handover && (
        <Badge appearance="tint" color={handoverTone[entry.handover]} data-testid="custody-handover">
          {t(`custody.handover.${entry.handover}`)}
        </Badge>
      )}
    </li>
  );
}

function CustodyTimeline({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const custody = useRequestCustody(id);
  if (custody.isPending) return <Spinner size="small" aria-label={t('busy')} />;
  if (custody.isError) return <Text role="alert">{t('custody.loadFailed')}</Text>;
  if (!custody.data.length) return <Text>{t('custody.empty')}</Text>;
  return (
    <ol className={styles.timeline} aria-label={t('custody.title')}>
      {custody.data.map((entry) => (
        <CustodyEntryItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

/** "Custody log": who did what with this request and when, for its parties and admins. */
export function CustodyButton({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  return (
    <ReadDialogButton
      label={t('custody.show')}
      title={t('custody.title')}
      name={request.medicine?.name ?? t('request.unknown')}
      appearance="subtle"
    >
      {() => <CustodyTimeline id={request.id} />}
    </ReadDialogButton>
  );
}
