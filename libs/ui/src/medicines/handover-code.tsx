import { lazy, Suspense } from 'react';
import { makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequest } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { useFormat } from '@medrelay/i18n';
import { ReadDialogButton } from './read-dialog-button';

// The QR encoder is fetched when a requester opens their code, not with every request list.
const QrCode = lazy(() => import(/* webpackChunkName: "qr-code" */ './qr-code'));

const useStyles = makeStyles({
  code: {
    fontSize: tokens.fontSizeHero900,
    fontWeight: tokens.fontWeightSemibold,
    letterSpacing: '0.2em',
    fontVariantNumeric: 'tabular-nums',
    textAlign: 'center',
    direction: 'ltr',
  },
  stack: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM },
  qr: { width: 'min(60vw, 220px)', height: 'auto' },
});

/** The requester's code and its QR, read from GET /api/requests/:id (the only place it is given). */
function HandoverCodePanel({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const request = useRequest(id);
  if (request.isPending) return <Spinner size="small" aria-label={t('busy')} />;
  const code = request.data?.handoverCode;
  if (!code) return <Text role="alert">{t('handover.loadFailed')}</Text>;
  const expired = new Date(code.expiresAt).getTime() <= Date.now();
  return (
    <div className={styles.stack}>
      <Text>{t('handover.codeHint')}</Text>
      <Text className={styles.code} data-testid="handover-code">
        {code.code}
      </Text>
      <Suspense fallback={<Spinner size="small" aria-label={t('busy')} />}>
        <QrCode className={styles.qr} text={code.code} label={t('handover.qrLabel', { code: code.code })} />
      </Suspense>
      {expired ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('handover.expired')}</MessageBarBody>
        </MessageBar>
      ) : (
        <Text size={200}>{t('handover.expires', { date: format.dateTime(code.expiresAt) })}</Text>
      )}
      {code.lockedUntil && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('handover.locked', { date: format.dateTime(code.lockedUntil) })}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}

/**
 * "Handover code": the requester of an approved request opens its code and QR, the primary way to
 * complete (Mark as Collected beside it only records their word).
 */
export function HandoverCodeButton({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  return (
    <ReadDialogButton
      label={t('handover.showCode')}
      title={t('handover.codeTitle')}
      name={request.medicine?.name ?? t('request.unknown')}
      appearance="primary"
    >
      {() => <HandoverCodePanel id={request.id} />}
    </ReadDialogButton>
  );
}
