import { useCallback, useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  ApiError,
  callApi,
  passwordAdvice,
  useLogin,
  useSession,
  useStartSession,
} from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { loginSchema, type LoginInput, type LoginResponse, type User } from '@medrelay/contracts';
import { mayUseProduct } from '@medrelay/domain';
import { usePageTitle } from '../chrome/use-page-title';
import { useToast } from '../chrome/toasts';
import { homeOf } from '../session/guard';
import { useAccountTexts } from './account-texts';
import { AuthLayout, EmailField } from './auth-layout';
import { useSecondStep, type SecondStepState } from './second-step';
import { failureText } from './account-links';
import { fieldMessage, RouterLink } from '@medrelay/ui';
import { addMessageTexts } from '@medrelay/i18n/messages';

/**
 * Where a signed-in user goes: the dashboard (spec §2), or where the password is changed when it
 * no longer meets the platform's policy: the settings, or an administrator's Sign-in &
 * security screen (their settings are the system's).
 */
function landingOf(user: Pick<User, 'userType'>): string {
  if (!passwordAdvice.get()) return homeOf(user);
  return `/${user.userType}/${user.userType === 'admin' ? 'security' : 'settings'}`;
}

/**
 * `/login`: e-mail and password (spec §5), toasts of §8, then the role's dashboard. With
 * two-factor on a second step follows: a code, or enrolment when it is required.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation('shell');
  // Validation and sign-in error messages come with this chunk, not with the landing page.
  addMessageTexts(i18n);
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLogin();
  const startSession = useStartSession();
  const accounts = useAccountTexts();
  // A stranger's guesses locked the account to new devices: offer the e-mailed link.
  const [locked, setLocked] = useState(false);
  const [step, setStep] = useState<SecondStepState | null>(null);
  const { data: user } = useSession();
  usePageTitle(t('login.title'));
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const failed = (error: unknown) => {
    setLocked(error instanceof ApiError && error.body?.code === 'ACCOUNT_LOCKED');
    const description = error instanceof ApiError ? error.serverMessage : null;
    toast({
      title: t('common:toast.loginFailed'),
      description:
        description ??
        (error instanceof ApiError ? t('messages:invalidCredentials') : t('common:toast.networkError')),
      intent: 'destructive',
    });
  };

  const signedIn = useCallback(
    (answer: LoginResponse) => {
      const { user: who } = answer;
      if (mayUseProduct(who.userType, who.status)) {
        if (!answer.passwordChangeAdvised)
          toast({
            title: t('common:toast.loginSuccess'),
            description: t('common:toast.welcomeBack', { name: who.name }),
          });
        navigate(landingOf(who), { replace: true });
      } else {
        // Spec §2: not approved → / with the pending message (and no "welcome back" before it).
        toast({ title: t('messages:accountPending'), intent: 'destructive' });
        navigate('/', { replace: true });
      }
    },
    [navigate, t, toast],
  );

  const second = useSecondStep({
    step: step ?? { kind: 'code', challenge: '' },
    onStep: setStep,
    done: (answer) => {
      startSession(answer);
      signedIn(answer);
    },
    restart: () => {
      setStep(null);
      form.reset({ email: form.getValues('email'), password: '' });
    },
  });

  if (user && mayUseProduct(user.userType, user.status) && !login.isPending && !step)
    return <Navigate to={landingOf(user)} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(values);
      if ('token' in answer) signedIn(answer);
      else if ('twoFactorRequired' in answer) setStep({ kind: 'code', challenge: answer.challenge });
      else setStep({ kind: 'enrol', challenge: answer.challenge, setup: null, codes: null, answer: null });
    } catch (error) {
      failed(error);
    }
  });

  /** A passkey instead of the password: the browser's own prompt, then the session. */
  const withPasskey = async () => {
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const { challenge, options } = await callApi(identityEndpoints.loginPasskeyOptions);
      const response = await startAuthentication({ optionsJSON: options as never });
      const answer = await callApi(identityEndpoints.loginPasskey, {
        body: { challenge, response: response as never },
      });
      startSession(answer);
      signedIn(answer);
    } catch (error) {
      toast({
        title: accounts.t('passkeys.signInFailed'),
        description: failureText(error, accounts.t('passkeys.cancelled')),
        intent: 'destructive',
      });
    }
  };

  if (step)
    return (
      <AuthLayout
        title={second.title}
        subtitle={second.subtitle}
        footer={{ text: '', to: '/forgot-password', link: accounts.t('forgot.link') }}
        onSubmit={(e) => {
          e.preventDefault();
          void second.submit();
        }}
      >
        {second.body}
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={{ text: t('login.noAccount'), to: '/register', link: t('login.register') }}
      onSubmit={submit}
    >
      <EmailField
        label={t('login.email')}
        validationMessage={fieldMessage(t, errors.email)}
        registration={form.register('email')}
      />
      <Field label={t('login.password')} validationMessage={fieldMessage(t, errors.password)} required>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button appearance="primary" type="submit" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
      {typeof window.PublicKeyCredential === 'function' && (
        <Button type="button" onClick={() => void withPasskey()}>
          {accounts.t('passkeys.signIn')}
        </Button>
      )}
      <RouterLink to="/forgot-password">{accounts.t('forgot.link')}</RouterLink>
      {locked && <RouterLink to="/unlock">{accounts.t('forgot.locked')}</RouterLink>}
    </AuthLayout>
  );
}
