import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ScanCamera20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { translate, type Language } from '@medrelay/contracts';
import { groupSeparator, looksLikeGs1 } from '@medrelay/domain/gs1-shape';
import type { Gs1Pack } from '@medrelay/domain/gs1';
import { FilePicker } from '../../forms/file-picker';

/**
 * The camera view and the decoder (ZXing WebAssembly) form their own chunk, fetched when "Scan
 * pack" is pressed: the landing page and the forms' first load do not carry them.
 */
const CameraView = lazy(() =>
  import(/* webpackChunkName: "pack-scanner" */ './camera-view').catch(() => ({ default: LoadFailed })),
);

function LoadFailed() {
  const { t } = useTranslation('common');
  return <Text role="alert">{t('scan.loadFailed')}</Text>;
}

/**
 * Reads a scanned code with the GS1 parser of libs/domain (its own small chunk, loaded on the
 * first scan): the pack, or why the code was refused, in the page's language.
 */
export async function readPackCode(
  text: string,
  language: Language,
): Promise<{ pack: Gs1Pack } | { problem: string }> {
  const { readGs1, gs1ProblemMessage } = await import(/* webpackChunkName: "gs1" */ '@medrelay/domain/gs1');
  const reading = readGs1(text);
  return reading.ok
    ? { pack: reading.pack }
    : { problem: translate(gs1ProblemMessage[reading.problem], language) };
}

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/**
 * "Scan pack" (the camera, in a dialog) and "Scan from a photo" (a picked image, decoded in the
 * page). Both hand the code's text to `onCode`; nothing leaves the browser.
 */
export function PackScanButtons({
  onCode,
  onProblem,
}: {
  onCode: (text: string) => void;
  /** A message for the user (already translated). */
  onProblem: (text: string) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [decoding, setDecoding] = useState(false);

  const decodePhoto = async (file: File | null) => {
    if (!file) return;
    setDecoding(true);
    try {
      const { decodeOnce } = await import(/* webpackChunkName: "pack-scanner" */ './decoder');
      const text = await decodeOnce(file).catch(() => null);
      if (text) onCode(text);
      else onProblem(t('scan.noCode'));
    } catch {
      onProblem(t('scan.loadFailed'));
    } finally {
      setDecoding(false);
    }
  };

  return (
    <>
      <div className={styles.row}>
        <Button icon={<ScanCamera20Regular />} onClick={() => setOpen(true)}>
          {t('scan.scanPack')}
        </Button>
        <FilePicker
          accept="image/*"
          aria-label={t('scan.fromPhoto')}
          label={t('scan.title')}
          chooseLabel={t('scan.fromPhoto')}
          noneLabel={t('scan.noPhoto')}
          onFile={(file) => void decodePhoto(file)}
        />
        {decoding && <Spinner size="tiny" />}
      </div>
      <Dialog open={open} onOpenChange={(_, data) => setOpen(data.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('scan.title')}</DialogTitle>
            <DialogContent>
              {open && (
                <Suspense fallback={<Spinner size="small" label={t('scan.starting')} />}>
                  <CameraView
                    onCode={(text) => {
                      setOpen(false);
                      onCode(text);
                    }}
                    onUnavailable={() => {
                      setOpen(false);
                      onProblem(t('scan.cameraUnavailable'));
                    }}
                  />
                </Suspense>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setOpen(false)}>
                {t('scan.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** Most time between a scanner's keystrokes; people type slower, even fast typists over a long code. */
const wedgeGapMs = 80;
/**
 * Once a burst starts the way only scanners start (`]d2`, a group separator, "(01)"), a slower
 * keystroke still belongs to it: a busy phone or a Bluetooth link may space the characters out
 * (a loaded CI machine stalled a typed scan for over a second and split it). It is also how long
 * a scanner that sends no Enter waits before its scan fills the form; most send Enter.
 */
const scanStartGapMs = 2500;
const startsLikeScan = (text: string) => /^(\][A-Za-z]|\(01\))/.test(text) || text.startsWith(groupSeparator);

/** Sets an input's value as typing would, so React, Fluent and the form all see the change. */
function typeValue(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Keyboard-wedge scanners (USB / Bluetooth) type the code into whatever field has the focus. A
 * fast burst of characters shaped like a GS1 element string (`]d2` prefix, group separators,
 * AI 01 with a valid GTIN: libs/domain `looksLikeGs1`) is taken out of that field and handed to
 * `onScan` instead; its final Enter does not submit the form. Ctrl+] is a group separator (how
 * many scanners type ASCII 29).
 */
export function useWedgeScan(formRef: RefObject<HTMLFormElement | null>, onScan: (text: string) => void) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let burst: { text: string; last: number; target: EventTarget | null; before: string } = {
      text: '',
      last: 0,
      target: null,
      before: '',
    };
    let idle: ReturnType<typeof setTimeout> | undefined;
    const field = (target: EventTarget | null) =>
      target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;

    const finish = () => {
      clearTimeout(idle);
      const { text, target, before } = burst;
      burst = { text: '', last: 0, target: null, before: '' };
      if (!looksLikeGs1(text)) return;
      // What the scan typed goes; what the person had typed stays.
      const input = field(target);
      if (input && input.value !== before) typeValue(input, before);
      latest.current(text);
    };
    const add = (text: string, target: EventTarget | null, now: number) => {
      const scanning = startsLikeScan(burst.text) || looksLikeGs1(burst.text);
      const gap = scanning ? scanStartGapMs : wedgeGapMs;
      // A symbology identifier (`]d2`) opens a scan even right after other input.
      const opensScan = text === ']' && !scanning;
      if (now - burst.last > gap || target !== burst.target || opensScan) {
        burst = { text: '', last: now, target, before: field(target)?.value ?? '' };
      }
      burst.text += text;
      burst.last = now;
      clearTimeout(idle);
      // A scanner that sends no Enter: the burst is whole once it has been quiet that long.
      idle = setTimeout(finish, scanStartGapMs);
    };

    const onBeforeInput = (event: Event) => {
      const e = event as InputEvent;
      if (e.inputType !== 'insertText' || !e.data) return;
      // A scanner types one character at a time; a longer insert (autofill, an IME, a test's
      // fill) is no keystroke and ends any burst.
      if (e.data.length > 1) {
        burst = { text: '', last: 0, target: null, before: '' };
        return;
      }
      // Once a burst is plainly a scan, the rest of it is kept out of the field.
      const wasScan = looksLikeGs1(burst.text) && performance.now() - burst.last <= scanStartGapMs;
      add(e.data, e.target, performance.now());
      if (wasScan) e.preventDefault();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      const recent = performance.now() - burst.last <= scanStartGapMs;
      if (e.ctrlKey && e.key === ']') {
        e.preventDefault();
        add(groupSeparator, e.target, performance.now());
      } else if (e.key === 'Enter' && recent && looksLikeGs1(burst.text)) {
        e.preventDefault();
        finish();
      }
    };
    form.addEventListener('beforeinput', onBeforeInput, true);
    form.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(idle);
      form.removeEventListener('beforeinput', onBeforeInput, true);
      form.removeEventListener('keydown', onKeyDown, true);
    };
  }, [formRef]);
}
