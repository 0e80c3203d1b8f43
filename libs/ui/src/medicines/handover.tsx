import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  useAnswerCollection,
  useConfirmHandover,
  useRequest,
  useRequestCustody,
} from '@medrelay/api-client';
import type { CustodyEntry, HandoverState, MedicineRequest } from '@medrelay/contracts';
import { formatPickupWindow } from '@medrelay/domain/formats';
import { isHandoverCodeShape } from '@medrelay/domain/handover';
import { handoverNeedsOwner } from '@medrelay/domain/requests';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useFormat } from '@medrelay/i18n';
import { useNotify } from '../use-notify';

// The camera and the QR decoder are the pack scanner's own chunk, fetched only when "Scan QR" is pressed.
const CameraView = lazy(() => import(/* webpackChunkName: "pack-scanner" */ './scan/camera-view'));
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
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  qr: { width: 'min(60vw, 220px)', height: 'auto' },
  codeInput: { direction: 'ltr', fontVariantNumeric: 'tabular-nums', letterSpacing: '0.2em' },
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
  surface: { maxWidth: 'min(480px, calc(100vw - 24px))' },
  answer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    flexBasis: '100%',
    minWidth: 0,
  },
  answerButtons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The requester's code and its QR, read from GET /api/requests/:id (the only place it is given). */
function HandoverCodePanel({ id }: { id: number }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const format = useFormat();
  const request = useRequest(id);
  if (request.isPending) return <Spinner size="small"  aria-label={t('busy')} />;
  const code = request.data?.handoverCode;
  if (!code) return <Text role="alert">{t('handover.loadFailed')}</Text>;
  const expired = new Date(code.expiresAt).getTime() <= Date.now();
  return (
    <div className={styles.stack}>
      <Text>{t('handover.codeHint')}</Text>
      <Text className={styles.code} data-testid="handover-code">
        {code.code}
      </Text>
      <Suspense fallback={<Spinner size="small"  aria-label={t('busy')} />}>
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
 * A button that opens a dialog to read something about a request; the content mounts only while
 * the dialog is open, so it loads when asked for. Its accessible name carries the medicine's.
 */
function ReadDialogButton({
  label,
  title,
  name,
  appearance,
  children,
}: {
  label: string;
  title: string;
  name: string;
  appearance?: 'subtle' | 'primary';
  children: () => ReactNode;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button appearance={appearance} aria-label={`${label}: ${name}`}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{open && children()}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{t('handover.close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
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

/**
 * "Confirm handover": the owner types the requester's 6 digits or scans their QR; a wrong code
 * shows the server's words (tries left, or until when it is locked) in the page's language.
 */
export function ConfirmHandoverButton({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const notify = useNotify();
  const confirm = useConfirmHandover();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = request.medicine?.name ?? t('request.unknown');

  const submit = async (value: string) => {
    if (!isHandoverCodeShape(value)) return setProblem(t('messages:handoverCodeFormat'));
    setProblem(null);
    try {
      await confirm.mutateAsync({ id: request.id, code: value });
      setOpen(false);
      notify.success(t('handover.confirmed'), t('handover.confirmedBody', { name }));
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : t('toast.requestUpdateError'),
      );
    }
  };
  const onScanned = (text: string) => {
    setScanning(false);
    const scanned = text.trim();
    if (!isHandoverCodeShape(scanned)) return setProblem(t('handover.notACode'));
    setCode(scanned);
    void submit(scanned);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(code.trim());
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(_, data) => {
        setOpen(data.open);
        if (!data.open) {
          setScanning(false);
          setProblem(null);
          setCode('');
        }
      }}
    >
      <DialogTrigger disableButtonEnhancement>
        <Button appearance="primary" aria-label={`${t('handover.confirm')}: ${name}`}>
          {t('handover.confirm')}
        </Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface}>
        <form onSubmit={onSubmit}>
          <DialogBody>
            <DialogTitle>{t('handover.confirmTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Text>{t('handover.confirmHint')}</Text>
              <Field
                label={t('handover.codeLabel')}
                validationState={problem ? 'error' : 'none'}
                validationMessage={problem ?? undefined}
              >
                <Input
                  className={styles.codeInput}
                  value={code}
                  onChange={(_, data) => setCode(data.value.replace(/\D/g, '').slice(0, 6))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  required
                />
              </Field>
              {scanning ? (
                <Suspense fallback={<Spinner size="small"  aria-label={t('busy')} />}>
                  <CameraView
                    onCode={onScanned}
                    onUnavailable={() => {
                      setScanning(false);
                      setProblem(t('handover.cameraUnavailable'));
                    }}
                  />
                  <Button onClick={() => setScanning(false)}>{t('handover.stopScan')}</Button>
                </Suspense>
              ) : (
                <Button onClick={() => setScanning(true)}>{t('handover.scan')}</Button>
              )}
            </DialogContent>
            <DialogActions>
              <DialogTrigger disableButtonEnhancement>
                <Button appearance="secondary">{t('handover.close')}</Button>
              </DialogTrigger>
              <Button type="submit" appearance="primary" disabled={confirm.isPending}>
                {t('handover.submit')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

function CustodyEntryItem({ entry }: { entry: CustodyEntry }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation('common');
  const language = i18n.language === 'ar' ? 'ar' : 'en';
  const format = useFormat();
  const role = t(`custody.roles.${entry.actorRole}`, { defaultValue: entry.actorRole });
  const pack = entry.gtin || entry.batch || entry.serial;
  // A step inside a status: a pickup time settled, or the owner's answer to a marked collection.
  const title =
    entry.fromStatus === entry.status
      ? t(`custody.within.${entry.status}`, { defaultValue: t(`custody.statuses.${entry.status}`) })
      : t(`custody.statuses.${entry.status}`, { defaultValue: entry.status });
  return (
    <li className={styles.entry} data-testid="custody-entry">
      <Text weight="semibold">{title}</Text>
      <Text size={200}>
        <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> ·{' '}
        {t('custody.by', { name: entry.actorName, role })}
      </Text>
      <Text size={200}>
        {entry.medicineName ?? ''} · {t('custody.quantity', { count: entry.quantity })}
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
  if (custody.isPending) return <Spinner size="small"  aria-label={t('busy')} />;
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

/** How a handover state reads at a glance: settled, waiting for the owner, or disputed. */
const handoverTone: Record<HandoverState, 'success' | 'warning' | 'danger'> = {
  code: 'success',
  confirmed: 'success',
  unconfirmed: 'warning',
  disputed: 'danger',
};

/** A completed request's handover state, where it needs saying (not confirmed yet, or disputed). */
export function HandoverStateBadge({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  if (request.status !== 'completed' || !request.handover || handoverTone[request.handover] === 'success')
    return null;
  return (
    <Badge appearance="tint" color={handoverTone[request.handover]} data-testid="handover-state">
      {t(`handover.states.${request.handover}`)}
    </Badge>
  );
}

/**
 * The owner's answer to a collection the requester marked without the code: confirm it, or
 * dispute it (asked first; the administrators are told).
 */
function CollectionAnswer({ request }: { request: MedicineRequest }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const notify = useNotify();
  const answer = useAnswerCollection();
  const name = request.medicine?.name ?? t('request.unknown');
  const send = async (choice: 'confirm' | 'dispute') => {
    try {
      await answer.mutateAsync({ id: request.id, answer: choice });
      notify.success(t(choice === 'confirm' ? 'handover.answeredConfirm' : 'handover.answeredDispute'));
    } catch (error) {
      notify.failure(t('handover.answerFailed'), error, t('toast.requestUpdateError'));
    }
  };
  return (
    <div className={styles.answer} role="group" aria-label={t('handover.awaitingYou')}>
      <Text size={200}>{t('handover.awaitingYou')}</Text>
      <div className={styles.answerButtons}>
        <Button
          appearance="primary"
          disabled={answer.isPending}
          onClick={() => void send('confirm')}
          aria-label={`${t('handover.answerConfirm')}: ${name}`}
        >
          {t('handover.answerConfirm')}
        </Button>
        <ConfirmDialog
          trigger={
            <Button disabled={answer.isPending} aria-label={`${t('handover.answerDispute')}: ${name}`}>
              {t('handover.answerDispute')}
            </Button>
          }
          title={t('handover.disputeTitle')}
          body={t('handover.disputeBody', { name })}
          confirmLabel={t('handover.disputeConfirm')}
          dismissLabel={t('handover.keep')}
          onConfirm={() => void send('dispute')}
        />
      </div>
    </div>
  );
}

/**
 * What a request row offers about its handover (issues 18 and 25), from the caller's side: the
 * requester's code once approved, the owner's "Confirm handover" with that code, the owner's
 * answer to a collection marked without it, and the custody log.
 */
export function HandoverActions({ request }: { request: MedicineRequest }) {
  const approved = request.status === 'approved';
  return (
    <>
      {approved && request.direction === 'outgoing' && <HandoverCodeButton request={request} />}
      {approved && request.direction === 'incoming' && <ConfirmHandoverButton request={request} />}
      {request.direction === 'incoming' && handoverNeedsOwner(request) && (
        <CollectionAnswer request={request} />
      )}
      <CustodyButton request={request} />
    </>
  );
}
