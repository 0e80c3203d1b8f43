import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { callApi } from '@medrelay/api-client';
import type { LoginResponse, TotpSetup } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { failureText, OutcomeBar } from './account-links';
import { useAccountTexts } from './account-texts';
import { useToast } from '../chrome/toasts';
import { landFocus } from '../security/card-list';

const codeBox = 'input[autocomplete="one-time-code"]';

const useStyles = makeStyles({
  qr: { width: '200px', height: '200px', alignSelf: 'center', backgroundColor: '#fff' },
  // The key alone in monospace, on a line of its own: the whole sentence was monospace (Arabic
  // words spaced out) and the key broke after its first letters at 360 px.
  secret: { display: 'block', wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    margin: 0,
    paddingInlineStart: 0,
    listStyleType: 'none',
    // Left to right strings, read from their start: FluentProvider sets 'left', which it turns to
    // 'right' in Arabic, so the codes sat at the right of their columns (Chromium, 1280 px).
    textAlign: 'start',
  },
});

/** The QR code (an SVG from the server) as an image: a blob address, which the pages' CSP allows. */
export function QrCode({ svg, alt }: { svg: string; alt: string }) {
  const styles = useStyles();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [svg]);
  return url ? <img src={url} alt={alt} className={styles.qr} /> : null;
}

/** An authenticator to add: its QR code, the key to type instead, and the code field. */
export function TotpEnrolFields(props: {
  setup: TotpSetup;
  code: string;
  onCode: (code: string) => void;
  error?: string | undefined;
}) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  return (
    <>
      <QrCode svg={props.setup.qrSvg} alt={t('twoFactor.qrAlt')} />
      <Text size={200} block>
        {/* The sentence follows the page's direction; the key alone reads left to right (and
            copies without invisible marks). */}
        {t('twoFactor.secret')}{' '}
        <bdi dir="ltr" className={styles.secret}>
          {props.setup.secret}
        </bdi>
      </Text>
      <CodeField value={props.code} onChange={props.onCode} error={props.error} />
    </>
  );
}

/** The code box: digits typed on a phone's number pad (a recovery code can be typed too). */
export function CodeField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useAccountTexts();
  return (
    <Field label={t('twoFactor.code')} validationMessage={props.error} required>
      <Input
        value={props.value}
        onChange={(_, data) => props.onChange(data.value)}
        autoComplete="one-time-code"
        inputMode="text"
        dir="ltr"
        maxLength={20}
      />
    </Field>
  );
}

/** The recovery codes just shown, to keep: copied to the clipboard, or saved as a text file. */
function KeepCodes({ codes }: { codes: string[] }) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  const toast = useToast();
  const text = `${t('twoFactor.codesTitle')}\n\n${codes.join('\n')}\n`;
  return (
    <div className={styles.actions}>
      <Button
        onClick={() =>
          void navigator.clipboard
            .writeText(text)
            .then(() => toast({ title: t('twoFactor.copied') }))
            .catch(() => undefined)
        }
      >
        {t('twoFactor.copyCodes')}
      </Button>
      <Button
        onClick={() => {
          const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
          const link = document.createElement('a');
          link.href = url;
          link.download = 'medrelay-recovery-codes.txt';
          link.click();
          URL.revokeObjectURL(url);
        }}
      >
        {t('twoFactor.downloadCodes')}
      </Button>
    </div>
  );
}

/**
 * The ten recovery codes, shown once (after enrolment at sign-in or in settings, or made anew),
 * with the means to keep them.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  return (
    <>
      <OutcomeBar
        outcome={{ ok: true, message: t('twoFactor.codesBody') }}
        title={t('twoFactor.codesTitle')}
      />
      {/* Focused once shown (after the change that made them), so the codes are read next. */}
      <ul
        className={styles.codes}
        dir="ltr"
        data-testid="recovery-codes"
        tabIndex={-1}
        aria-label={t('twoFactor.codesTitle')}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <KeepCodes codes={codes} />
    </>
  );
}

type Step =
  | { kind: 'code'; challenge: string }
  | {
      kind: 'enrol';
      challenge: string;
      setup: TotpSetup | null;
      codes: string[] | null;
      answer: LoginResponse | null;
    };

/**
 * The sign-in's second step: an authenticator (or recovery) code, or, when the
 * administrator requires two-factor of an account that has none, enrolment with its recovery
 * codes. `done` receives the session once the step is over. Gives the screen's title, subtitle,
 * submit handler and fields.
 */
export function useSecondStep(props: {
  step: Step;
  onStep: (step: Step) => void;
  done: (answer: LoginResponse) => void;
  restart: () => void;
}) {
  const { t } = useAccountTexts();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { step, onStep } = props;
  const enrolChallenge = step.kind === 'enrol' && !step.setup ? step.challenge : null;
  // The password form (or the button that made the codes) went: focus goes to the code box,
  // or to the recovery codes once shown, not to the page's body.
  const focusTarget = !step.challenge
    ? null
    : step.kind === 'code' || !step.codes
      ? codeBox
      : '[data-testid="recovery-codes"]';
  useEffect(() => {
    if (focusTarget) landFocus(document.body, focusTarget);
  }, [focusTarget, step.challenge]);

  useEffect(() => {
    if (!enrolChallenge) return;
    callApi(identityEndpoints.loginEnrolSetup, { body: { challenge: enrolChallenge } }).then(
      (setup) => onStep({ kind: 'enrol', challenge: enrolChallenge, setup, codes: null, answer: null }),
      (failure: unknown) => setError(failureText(failure, t('common:toast.networkError'))),
    );
  }, [enrolChallenge, onStep, t]);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      if (step.kind === 'code') {
        props.done(
          await callApi(identityEndpoints.loginTwoFactor, { body: { challenge: step.challenge, code } }),
        );
      } else if (step.codes && step.answer) {
        props.done(step.answer);
      } else {
        const { recoveryCodes, ...answer } = await callApi(identityEndpoints.loginEnrol, {
          body: { challenge: step.challenge, code },
        });
        // The session starts only once the codes have been seen.
        onStep({ ...step, codes: recoveryCodes, answer });
      }
    } catch (failure) {
      setError(failureText(failure, t('common:toast.networkError')));
      // Back to the box the error is under (the button was disabled meanwhile).
      landFocus(document.body, codeBox);
    } finally {
      setBusy(false);
    }
  };

  return {
    title: t(step.kind === 'code' ? 'twoFactor.codeTitle' : 'twoFactor.enrolTitle'),
    // Once the codes are shown there is no QR code left to scan: the subtitle says it is on.
    subtitle: t(
      step.kind === 'code'
        ? 'twoFactor.codeSubtitle'
        : step.codes
          ? 'twoFactor.on'
          : 'twoFactor.enrolSubtitle',
    ),
    submit,
    body: (
      <>
        {step.kind === 'code' && <CodeField value={code} onChange={setCode} error={error} />}
        {step.kind === 'enrol' && step.setup && !step.codes && (
          <TotpEnrolFields setup={step.setup} code={code} onCode={setCode} error={error} />
        )}
        {step.kind === 'enrol' && !step.setup && error && (
          <OutcomeBar outcome={{ ok: false, message: error }} title={t('twoFactor.failed')} />
        )}
        {step.kind === 'enrol' && step.codes && <RecoveryCodes codes={step.codes} />}
        <Button appearance="primary" type="submit" disabled={busy || (step.kind === 'enrol' && !step.setup)}>
          {t(
            step.kind === 'enrol'
              ? step.codes
                ? 'twoFactor.continue'
                : 'twoFactor.confirm'
              : 'twoFactor.submit',
          )}
        </Button>
        {/* Once the codes are shown two-factor is on: starting again could only fail. */}
        {!(step.kind === 'enrol' && step.codes) && (
          <Button appearance="subtle" onClick={props.restart}>
            {t('twoFactor.again')}
          </Button>
        )}
      </>
    ),
  };
}
export type SecondStepState = Step;
