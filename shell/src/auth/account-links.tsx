import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, meKey } from '@medrelay/api-client';
import {
  emailLinkRequestSchema,
  passwordResetConfirmSchema,
  type EmailLinkRequest,
} from '@medrelay/contracts';
import type { z } from 'zod';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { addMessageTexts } from '@medrelay/i18n/messages';
import { fieldMessage } from '@medrelay/ui';
import { usePageTitle } from '../chrome/use-page-title';
import { linkToken, useAccountTexts } from './account-texts';
import { AuthLayout, EmailField } from './auth-layout';
import { PasswordStrength, usePasswordFieldMessage } from './password-strength';

type Outcome = { ok: boolean; message: string } | null;

/** What the server said (its message is in the caller's language), or the network failure text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

/**
 * The server's findings about a form's own fields (a wrong current password: its `details`) shown
 * under those fields, the first one focused: a toast alone went by, and focus fell to the page's
 * body. Returns whether any was shown.
 */
export function showFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError'>,
  error: unknown,
  fields: readonly Path<T>[],
): boolean {
  const details: unknown[] =
    error instanceof ApiError && Array.isArray(error.body?.details) ? error.body.details : [];
  let shown = false;
  for (const detail of details as ({ path?: unknown; rule?: unknown } | null)[]) {
    const field = fields.find((name) => name === detail?.path);
    if (!field || typeof detail?.rule !== 'string') continue;
    form.setError(field, { message: detail.rule }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** The answer to a request or a link, as a bar under the title. */
export function OutcomeBar({ outcome, title }: { outcome: NonNullable<Outcome>; title: string }) {
  return (
    <MessageBar intent={outcome.ok ? 'success' : 'error'} layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {outcome.message}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * A form asking for an e-mail to send a link to (the answer is the same whether or not it has an
 * account): the page's submit handler and its fields.
 */
export function useEmailLinkForm(
  send: (body: EmailLinkRequest) => Promise<{ message: string }>,
  labels: { email: string; send: string; sent: string },
) {
  const { t } = useTranslation('shell');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<EmailLinkRequest>({
    resolver: zodResolver(emailLinkRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setOutcome({ ok: true, message: (await send(values)).message });
    } catch (error) {
      setOutcome({ ok: false, message: failureText(error, t('common:toast.networkError')) });
    }
  });
  const fields = (
    <>
      {outcome && <OutcomeBar outcome={outcome} title={outcome.ok ? labels.sent : t('common:toast.error')} />}
      <EmailField
        label={labels.email}
        validationMessage={fieldMessage(t, form.formState.errors.email)}
        registration={form.register('email')}
      />
      <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting}>
        {labels.send}
      </Button>
    </>
  );
  return { onSubmit, fields };
}

/** Opens an e-mailed link once, as the page loads, and says how it went. */
function LinkOpener(props: {
  open: (token: string) => Promise<{ message: string }>;
  token: string;
  labels: { opening: string; done: string; failed: string };
}) {
  const { t } = useTranslation('shell');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const started = useRef(false);
  const { open, token } = props;
  useEffect(() => {
    // Once: a link works once, and React may run an effect twice in development.
    if (started.current) return;
    started.current = true;
    open(token).then(
      (answer) => setOutcome({ ok: true, message: answer.message }),
      (error: unknown) =>
        setOutcome({ ok: false, message: failureText(error, t('common:toast.networkError')) }),
    );
  }, [open, token, t]);
  if (!outcome) return <Spinner label={props.labels.opening} />;
  return <OutcomeBar outcome={outcome} title={outcome.ok ? props.labels.done : props.labels.failed} />;
}

/**
 * `/unlock`: with a link's token, this browser becomes a known device of the account (it can sign
 * in while the account is locked to others); without one, a form to have the link e-mailed.
 */
export function UnlockPage() {
  const { t, i18n } = useAccountTexts();
  addMessageTexts(i18n);
  usePageTitle(t('unlock.title'));
  const [token] = useState(linkToken);
  const request = useEmailLinkForm((body) => callApi(identityEndpoints.unlockRequest, { body }), {
    email: t('unlock.email'),
    send: t('unlock.send'),
    sent: t('unlock.sent'),
  });
  return (
    <AuthLayout
      title={t('unlock.title')}
      subtitle={t('unlock.subtitle')}
      footer={{ text: '', to: '/login', link: t(token ? 'unlock.toLogin' : 'unlock.back') }}
      onSubmit={token ? (e) => e.preventDefault() : request.onSubmit}
    >
      {token ? (
        <LinkOpener
          token={token}
          open={(value) => callApi(identityEndpoints.unlock, { body: { token: value } })}
          labels={{ opening: t('unlock.opening'), done: t('unlock.done'), failed: t('unlock.failed') }}
        />
      ) : (
        request.fields
      )}
    </AuthLayout>
  );
}

/** `/forgot-password`: the e-mail to send a reset link to (answered alike for any e-mail). */
export function ForgotPasswordPage() {
  const { t, i18n } = useAccountTexts();
  addMessageTexts(i18n);
  usePageTitle(t('forgot.title'));
  const request = useEmailLinkForm((body) => callApi(identityEndpoints.passwordResetRequest, { body }), {
    email: t('forgot.email'),
    send: t('forgot.send'),
    sent: t('forgot.sent'),
  });
  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={{ text: '', to: '/login', link: t('forgot.back') }}
      onSubmit={request.onSubmit}
    >
      {request.fields}
    </AuthLayout>
  );
}

const newPasswordSchema = passwordResetConfirmSchema.pick({ password: true });
type NewPassword = z.infer<typeof newPasswordSchema>;

/** `/reset-password#token=…`: a new password set with the e-mailed link, once. */
export function ResetPasswordPage() {
  const { t, i18n } = useAccountTexts();
  addMessageTexts(i18n);
  usePageTitle(t('reset.title'));
  const [token] = useState(linkToken);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const passwordMessage = usePasswordFieldMessage();
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!token) return;
    try {
      const answer = await callApi(identityEndpoints.passwordResetConfirm, { body: { token, password } });
      setOutcome({ ok: true, message: answer.message });
    } catch (error) {
      setOutcome({ ok: false, message: failureText(error, t('common:toast.networkError')) });
    }
  });
  const done = outcome?.ok === true;
  return (
    <AuthLayout
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      footer={{
        text: '',
        to: done || !token ? '/login' : '/forgot-password',
        link: t(done ? 'verify.toLogin' : 'reset.again'),
      }}
      onSubmit={onSubmit}
    >
      {!token && (
        <OutcomeBar outcome={{ ok: false, message: t('reset.noToken') }} title={t('reset.failed')} />
      )}
      {outcome && <OutcomeBar outcome={outcome} title={t(outcome.ok ? 'reset.done' : 'reset.failed')} />}
      {token && !done && (
        <>
          <Field
            label={t('reset.password')}
            validationMessage={passwordMessage(form.formState.errors.password)}
            required
          >
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </Field>
          <PasswordStrength password={form.watch('password')} />
          <Button appearance="primary" type="submit" disabled={form.formState.isSubmitting}>
            {t('reset.submit')}
          </Button>
        </>
      )}
    </AuthLayout>
  );
}

/** `/verify-email#token=…`: proves the address (or makes a changed one the account's). */
export function VerifyEmailPage() {
  const { t, i18n } = useAccountTexts();
  const client = useQueryClient();
  addMessageTexts(i18n);
  usePageTitle(t('verify.title'));
  const [token] = useState(linkToken);
  return (
    <AuthLayout
      title={t('verify.title')}
      subtitle=""
      footer={{ text: '', to: '/login', link: t('verify.toLogin') }}
      onSubmit={(e) => e.preventDefault()}
    >
      <LinkOpener
        token={token ?? ''}
        open={async (value) => {
          const answer = await callApi(identityEndpoints.verifyEmail, { body: { token: value } });
          // A signed-in session shows the confirmed (or changed) address at once.
          await client.invalidateQueries({ queryKey: meKey });
          return answer;
        }}
        labels={{ opening: t('verify.opening'), done: t('verify.done'), failed: t('verify.failed') }}
      />
    </AuthLayout>
  );
}
