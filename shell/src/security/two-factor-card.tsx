import { useRef, useState } from 'react';
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CurrentPasswordField } from '@medrelay/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, routeKey, tokenStore } from '@medrelay/api-client';
import type { TotpSetup } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { fewRecoveryCodesLeft } from '@medrelay/domain/two-factor';
import { failureText, OutcomeBar } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { CodeField, RecoveryCodes, TotpEnrolFields } from '../auth/second-step';
import { landFocus } from './card-list';
import { PasswordConfirmForm } from './password-confirm-form';
import { useToast } from '../chrome/toasts';

export const useCardStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const statusKey = routeKey(identityEndpoints.twoFactorStatus);

/** Where focus lands in the card after an action (docs/front-end.md, "Keyboard and focus sentinels"). */
const codeBox = 'input[autocomplete="one-time-code"]';
const passwordBox = 'input[type="password"]';
const shownCodes = '[data-testid="recovery-codes"]';
const button = (name: string) => `[data-focus="${name}"]`;

/** Whether a refusal concerns the password (wrong, or confirmations paused after wrong ones), not the code. */
const aboutPassword = (failure: unknown) =>
  failure instanceof ApiError &&
  (failure.status === 429 ||
    (Array.isArray(failure.body?.details) &&
      failure.body.details.some((d: { path?: unknown } | null) => d?.path === 'password')));

/**
 * A code from the app (or a recovery code) and the password, for a change that asks for both:
 * the password box is emptied as it is sent; an error about the password shows under it, any
 * other under the code.
 */
function CodeAndPasswordForm(props: {
  testId: string;
  intro: string;
  submitLabel: string;
  primary?: boolean;
  busy: boolean;
  error: string | undefined;
  errorOnPassword: boolean;
  code: string;
  onCode: (code: string) => void;
  onSubmit: (password: string) => void;
  onCancel?: () => void;
}) {
  const styles = useCardStyles();
  const { t } = useAccountTexts();
  const [password, setPassword] = useState('');
  return (
    <form
      className={styles.card}
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        const typed = password;
        setPassword('');
        props.onSubmit(typed);
      }}
    >
      <Text>{props.intro}</Text>
      <CodeField
        value={props.code}
        onChange={props.onCode}
        error={props.errorOnPassword ? undefined : props.error}
      />
      <CurrentPasswordField
        label={t('twoFactor.password')}
        error={props.errorOnPassword ? props.error : undefined}
        required
        value={password}
        onChange={setPassword}
      />
      <div className={styles.actions}>
        <Button
          appearance={props.primary ? 'primary' : undefined}
          type="submit"
          disabled={props.busy || !password || !props.code}
        >
          {props.submitLabel}
        </Button>
        {props.onCancel && <Button onClick={props.onCancel}>{t('twoFactor.cancel')}</Button>}
      </div>
    </form>
  );
}

/**
 * The own authenticator app: on or off, recovery codes left (few: a word to make new ones); adding one (QR code, a code and the
 * password to confirm, the recovery codes shown once); off with the password unless the
 * administrator requires it, where moving to a new phone takes the password and a code from the
 * app or a recovery code, then adds the new app at once. Either change signs every other device
 * out: this browser goes on with the new token the answer carries. While on, "New recovery codes"
 * replaces them all (the password and a code from the app or a recovery code); new codes are shown
 * once, to copy or download.
 */
export function TwoFactorCard() {
  const styles = useCardStyles();
  const { t } = useAccountTexts();
  const toast = useToast();
  const client = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: () => callApi(identityEndpoints.twoFactorStatus) });
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [errorOnPassword, setErrorOnPassword] = useState(false);
  const [conflict, setConflict] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [renewing, setRenewing] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  // The pressed button goes (or is disabled while the call runs): focus goes to what replaced it,
  // or to the box an error is under, never to the page's body.
  const land = (selector: string) => landFocus(card.current, selector);

  const refresh = () => client.invalidateQueries({ queryKey: statusKey });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    setConflict(undefined);
    try {
      await work();
    } catch (failure) {
      const said = failureText(failure, t('common:toast.networkError'));
      if (failure instanceof ApiError && failure.status === 409) {
        // Turned on or off meanwhile (another tab): the status is read again to show the truth, and
        // the refusal is said over whatever the card then offers.
        setConflict(said);
        setSetup(null);
        setRenewing(false);
        void refresh();
        land('h2');
        return;
      }
      setError(said);
      setErrorOnPassword(aboutPassword(failure));
      land(aboutPassword(failure) ? passwordBox : `${codeBox}, ${passwordBox}, ${button('start')}`);
    } finally {
      setBusy(false);
    }
  };

  const on = status.data?.enabled ?? false;
  return (
    <Card ref={card} className={styles.card} data-testid="two-factor">
      <div className={styles.head}>
        <Text as="h2" size={500} weight="semibold">
          {t('twoFactor.title')}
        </Text>
        {status.data && (
          <Badge appearance="tint" color={on ? 'success' : 'subtle'}>
            {t(on ? 'twoFactor.enabled' : 'twoFactor.disabled')}
          </Badge>
        )}
      </div>
      {/* Off where the administrator requires it (moved to a new phone, or reset): the password alone
          does not sign in, the next sign-in enrols (as its two-factor-changed e-mail says). */}
      <Text>
        {t(on ? 'twoFactor.on' : status.data?.required ? 'twoFactor.offRequired' : 'twoFactor.off')}
      </Text>
      {status.data?.required && <Text weight="semibold">{t('twoFactor.required')}</Text>}
      {conflict && <OutcomeBar outcome={{ ok: false, message: conflict }} title={t('twoFactor.failed')} />}
      {on && !codes && <Text>{t('twoFactor.left', { count: status.data?.recoveryCodesLeft ?? 0 })}</Text>}
      {on && !codes && fewRecoveryCodesLeft(status.data?.recoveryCodesLeft ?? 0) && (
        <Text weight="semibold" data-testid="few-recovery-codes">
          {t('twoFactor.fewLeft')}
        </Text>
      )}
      {/* Hidden while new ones are being made: those are about to stop working. */}
      {codes && !renewing && <RecoveryCodes codes={codes} />}
      {on && !renewing && (
        <div className={styles.actions}>
          <Button
            data-focus="new-codes"
            onClick={() => {
              setRenewing(true);
              setError(undefined);
              setCode('');
              land(codeBox);
            }}
          >
            {t('twoFactor.newCodes')}
          </Button>
        </div>
      )}
      {on && renewing && (
        <CodeAndPasswordForm
          testId="two-factor-new-codes"
          intro={t('twoFactor.newCodesIntro')}
          submitLabel={t('twoFactor.makeCodes')}
          primary
          busy={busy}
          error={error}
          errorOnPassword={errorOnPassword}
          code={code}
          onCode={setCode}
          onSubmit={(typed) =>
            void run(async () => {
              const answer = await callApi(identityEndpoints.twoFactorRecoveryCodes, {
                body: { password: typed, code },
              });
              setCodes(answer.recoveryCodes);
              setCode('');
              setRenewing(false);
              land(shownCodes);
              toast({ title: t('twoFactor.codesMade'), description: t('twoFactor.codesMadeBody') });
              await refresh();
            })
          }
          onCancel={() => {
            setRenewing(false);
            setError(undefined);
            setCode('');
            land(button('new-codes'));
          }}
        />
      )}

      {!on && !setup && (
        <div className={styles.actions}>
          <Button
            appearance="primary"
            data-focus="start"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                setSetup(await callApi(identityEndpoints.twoFactorSetup));
                land(codeBox);
              })
            }
          >
            {t('twoFactor.start')}
          </Button>
        </div>
      )}
      {/* No form to show it under: an app that could not be started is said here. */}
      {!on && !setup && error && (
        <OutcomeBar outcome={{ ok: false, message: error }} title={t('twoFactor.failed')} />
      )}
      {!on && setup && (
        <form
          className={styles.card}
          onSubmit={(e) => {
            e.preventDefault();
            const typed = password;
            setPassword('');
            void run(async () => {
              const answer = await callApi(identityEndpoints.twoFactorConfirm, {
                body: { code, password: typed },
              });
              tokenStore.set(answer.token);
              setCodes(answer.recoveryCodes);
              setSetup(null);
              setCode('');
              land(shownCodes);
              toast({ title: t('twoFactor.enabled'), description: t('twoFactor.othersSignedOut') });
              await refresh();
            });
          }}
        >
          <TotpEnrolFields
            setup={setup}
            code={code}
            onCode={setCode}
            error={errorOnPassword ? undefined : error}
          />
          <CurrentPasswordField
            label={t('twoFactor.confirmPassword')}
            error={errorOnPassword ? error : undefined}
            required
            value={password}
            onChange={setPassword}
          />
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={busy || !password}>
              {t('twoFactor.confirm')}
            </Button>
            {/* Changed one's mind (or the phone is not at hand): back, nothing added. */}
            <Button
              disabled={busy}
              onClick={() => {
                setSetup(null);
                setCode('');
                setPassword('');
                setError(undefined);
                land(button('start'));
              }}
            >
              {t('twoFactor.cancel')}
            </Button>
          </div>
        </form>
      )}
      {on && !renewing && status.data?.required && (
        <CodeAndPasswordForm
          testId="two-factor-move"
          intro={t('twoFactor.moveIntro')}
          submitLabel={t('twoFactor.move')}
          busy={busy}
          error={error}
          errorOnPassword={errorOnPassword}
          code={code}
          onCode={setCode}
          onSubmit={(typed) =>
            void run(async () => {
              // The app (or its phone) goes, with a code from it or a recovery code; the new one is added next.
              const answer = await callApi(identityEndpoints.twoFactorDisable, {
                body: { password: typed, code },
              });
              if (answer.token) tokenStore.set(answer.token);
              setCode('');
              setCodes(null);
              toast({ title: t('twoFactor.moved'), description: t('twoFactor.othersSignedOut') });
              await refresh();
              setSetup(await callApi(identityEndpoints.twoFactorSetup));
              land(codeBox);
            })
          }
        />
      )}
      {on && !renewing && !status.data?.required && (
        <PasswordConfirmForm
          className={styles.actions}
          label={t('twoFactor.password')}
          submitLabel={t('twoFactor.disable')}
          busy={busy}
          error={error}
          onConfirm={(password) =>
            run(async () => {
              const answer = await callApi(identityEndpoints.twoFactorDisable, { body: { password } });
              if (answer.token) tokenStore.set(answer.token);
              setCodes(null);
              toast({ title: t('twoFactor.disabled'), description: t('twoFactor.othersSignedOut') });
              await refresh();
              land(button('start'));
            })
          }
        />
      )}
    </Card>
  );
}
