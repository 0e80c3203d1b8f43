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
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { ScanCamera20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { translate, type Language } from '@medrelay/contracts';
import { groupSeparator, looksLikeGs1, looksLikePackCode } from '@medrelay/domain/gs1-shape';
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
  // The dialog opens without a DialogTrigger: this gives focus back to Scan when it closes.
  const restoreFocus = useRestoreFocusTarget();
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
        <Button icon={<ScanCamera20Regular />} onClick={() => setOpen(true)} {...restoreFocus}>
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
 * A scanner that sends no Enter: its scan fills the form once the field has been quiet this
 * long. Most scanners send Enter, which ends a scan at once.
 */
const scanIdleMs = 2500;

/**
 * Whether typed text still starts the way only scanners start: a symbology identifier (`]` +
 * letter + digit: `]d2`, `]C1`, …), a group separator, or "(01)". Such a burst is recognised by
 * its content, not by the time between keys: under load (a busy phone, a Bluetooth link, a
 * loaded CI machine) the gap between `]` and `d` alone once exceeded the 80 ms of typing, which
 * split the scan and typed it into the field. GS1's character set has no `]`, so a `]` always
 * opens a new scan.
 */
const startsLikeScan = (text: string) =>
  /^\]([A-Za-z]\d?)?(?![\s\S])|^\][A-Za-z]\d/.test(text) ||
  /^\((0(1\)?)?)?(?![\s\S])|^\(01\)/.test(text) ||
  text.startsWith(groupSeparator);

/** Sets an input's value as typing would, so React, Fluent and the form all see the change. */
function typeValue(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Keyboard-wedge scanners (USB / Bluetooth) type the code into whatever field has the focus. A
 * burst of characters shaped like a GS1 element string (`]d2` prefix, group separators, AI 01
 * with a valid GTIN: libs/domain `looksLikeGs1`) is taken out of that field and handed to
 * `onScan` instead; its final Enter does not submit the form. Ctrl+] is a group separator (how
 * many scanners type ASCII 29). Scanners that insert the whole code at once (Android scanner
 * apps "send as string", a paste) are read the same way. A box's EAN-13 / EAN-8 / UPC-A (digits
 * alone, valid check digit: `looksLikePackCode`) is a scan only once whole: typed at scanner
 * speed and ended by Enter or Tab (its digits that reached the field are taken out again), or
 * inserted at once.
 *
 * A burst that starts like a scan (`startsLikeScan`) is followed by content alone, whatever the
 * time between keys; only a bare element string ("01…" without prefix) needs the fast typing
 * of a scanner (< 80 ms a key) to be told from a person typing digits.
 */
export function useWedgeScan(formRef: RefObject<HTMLFormElement | null>, onScan: (text: string) => void) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const empty = () => ({ text: '', last: 0, target: null as EventTarget | null, before: '' });
    let burst = empty();
    /** The field a scan just filled from: an Enter that follows there belongs to the scan. */
    let scannedIn: EventTarget | null = null;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const field = (target: EventTarget | null) =>
      target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
    const scanning = () => startsLikeScan(burst.text) || looksLikeGs1(burst.text);

    const finish = () => {
      clearTimeout(idle);
      const { text, target, before } = burst;
      burst = empty();
      if (!looksLikePackCode(text)) return;
      // What the scan typed goes; what the person had typed stays.
      const input = field(target);
      if (input && input.value !== before) typeValue(input, before);
      scannedIn = target;
      latest.current(text);
    };
    const add = (text: string, target: EventTarget | null, now: number) => {
      const opensScan = text === ']';
      const split = scanning() ? false : now - burst.last > wedgeGapMs;
      if (split || target !== burst.target || opensScan) {
        burst = { text: '', last: now, target, before: field(target)?.value ?? '' };
      }
      burst.text += text;
      burst.last = now;
      clearTimeout(idle);
      // A scanner that sends no Enter: the burst is whole once it has been quiet that long.
      if (scanning()) idle = setTimeout(finish, scanIdleMs);
    };
    /** A whole code inserted at once (not a keystroke): a scan when it is shaped like one. */
    const whole = (text: string, target: EventTarget | null) => {
      // Spaces a paste brings, the scanner's Enter or Tab suffix: not part of any code.
      const code = text.trim();
      burst = empty();
      clearTimeout(idle);
      if (!looksLikePackCode(code)) return false;
      scannedIn = target;
      latest.current(code);
      return true;
    };

    const onBeforeInput = (event: Event) => {
      const e = event as InputEvent;
      scannedIn = null;
      if (e.inputType === 'insertFromPaste') return; // read by onPaste
      if (e.inputType !== 'insertText' || !e.data) return;
      if (e.data.length > 1) {
        if (whole(e.data, e.target)) e.preventDefault();
        return;
      }
      // Once a burst is plainly a scan, the rest of it is kept out of the field.
      const wasScan = looksLikeGs1(burst.text) && e.target === burst.target;
      add(e.data, e.target, performance.now());
      if (wasScan) e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      scannedIn = null;
      if (whole(e.clipboardData?.getData('text/plain') ?? '', e.target)) e.preventDefault();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.key === ']') {
        e.preventDefault();
        scannedIn = null;
        add(groupSeparator, e.target, performance.now());
      } else if ((e.key === 'Enter' || e.key === 'Tab') && looksLikePackCode(burst.text)) {
        // A scanner's suffix (Enter or Tab) ends the scan; it neither submits nor moves the focus.
        e.preventDefault();
        finish();
      } else if (e.key === 'Enter' && scannedIn !== null && e.target === scannedIn) {
        // The Enter closing a scan already read (whole, or after a pause): not a submit or a new line.
        e.preventDefault();
        scannedIn = null;
      } else if (e.key.length === 1 || e.key === 'Enter') {
        scannedIn = null;
      }
    };
    form.addEventListener('beforeinput', onBeforeInput, true);
    form.addEventListener('paste', onPaste, true);
    form.addEventListener('keydown', onKeyDown, true);
    return () => {
      clearTimeout(idle);
      form.removeEventListener('beforeinput', onBeforeInput, true);
      form.removeEventListener('paste', onPaste, true);
      form.removeEventListener('keydown', onKeyDown, true);
    };
  }, [formRef]);
}
