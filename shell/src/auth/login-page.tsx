import { useState } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError, useLogin, useSession } from '@medrelay/api-client';
import { loginSchema, type LoginInput } from '@medrelay/contracts';
import { mayUseProduct } from '@medrelay/domain';
import { usePageTitle } from '../chrome/use-page-title';
import { useToast } from '../chrome/toasts';
import { homeOf } from '../session/guard';
import { useAccountTexts } from './account-texts';
import { AuthLayout, EmailField } from './auth-layout';
import { fieldMessage, RouterLink } from '@medrelay/ui';
import { addMessageTexts } from '@medrelay/i18n/messages';

/** `/login`: e-mail and password (spec §5), toasts of §8, then the role's dashboard. */
export function LoginPage() {
  const { t, i18n } = useTranslation('shell');
  // Validation and sign-in error messages come with this chunk, not with the landing page.
  addMessageTexts(i18n);
  const navigate = useNavigate();
  const toast = useToast();
  const login = useLogin();
  const accounts = useAccountTexts();
  // A stranger's guesses locked the account to new devices: offer the e-mailed link (issue 27).
  const [locked, setLocked] = useState(false);
  const { data: user } = useSession();
  usePageTitle(t('login.title'));
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  if (user && mayUseProduct(user.userType, user.status) && !login.isPending)
    return <Navigate to={homeOf(user)} replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { user: signedIn } = await login.mutateAsync(values);
      if (mayUseProduct(signedIn.userType, signedIn.status)) {
        toast({
          title: t('common:toast.loginSuccess'),
          description: t('common:toast.welcomeBack', { name: signedIn.name }),
        });
        navigate(homeOf(signedIn), { replace: true });
      } else {
        // Spec §2: not approved → / with the pending message (and no "welcome back" before it).
        toast({ title: t('messages:accountPending'), intent: 'destructive' });
        navigate('/', { replace: true });
      }
    } catch (error) {
      setLocked(error instanceof ApiError && error.body?.code === 'ACCOUNT_LOCKED');
      const description = error instanceof ApiError ? error.serverMessage : null;
      toast({
        title: t('common:toast.loginFailed'),
        description:
          description ??
          (error instanceof ApiError ? t('messages:invalidCredentials') : t('common:toast.networkError')),
        intent: 'destructive',
      });
    }
  });

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
      {locked && <RouterLink to="/unlock">{accounts.t('forgot.locked')}</RouterLink>}
    </AuthLayout>
  );
}
