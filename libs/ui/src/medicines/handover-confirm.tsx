import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
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
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError, useConfirmHandover } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { handoverCodeDigits, isHandoverCodeShape } from '@medrelay/domain/handover';
import { asciiDigits } from '@medrelay/domain/digits';
import { focusAfterLeaving } from '../components/focus-landing';
import { useNotify } from '../use-notify';

// The camera and the QR decoder are the pack scanner's own chunk, fetched only when "Scan QR" is pressed.
const CameraView = lazy(() => import(/* webpackChunkName: "pack-scanner" */ './scan/camera-view'));

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  codeInput: { direction: 'ltr', fontVariantNumeric: 'tabular-nums', letterSpacing: '0.2em' },
  surface: { maxWidth: 'min(480px, calc(100vw - 24px))' },
});

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
  const button = useRef<HTMLButtonElement>(null);

  const submit = async (value: string) => {
    if (!isHandoverCodeShape(value)) return setProblem(t('messages:handoverCodeFormat'));
    setProblem(null);
    // Handed over, the request is completed and this button gone: focus stays on its row.
    const moveFocus = focusAfterLeaving(button.current);
    try {
      await confirm.mutateAsync({ id: request.id, code: value });
      setOpen(false);
      moveFocus();
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
        <Button ref={button} appearance="primary" aria-label={`${t('handover.confirm')}: ${name}`}>
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
                  onChange={(_, data) =>
                    setCode(asciiDigits(data.value).replace(/\D/g, '').slice(0, handoverCodeDigits))
                  }
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={handoverCodeDigits}
                  required
                />
              </Field>
              {scanning ? (
                <Suspense fallback={<Spinner size="small" aria-label={t('busy')} />}>
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
