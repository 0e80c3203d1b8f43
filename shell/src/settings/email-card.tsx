import { useState } from 'react';
import { Badge, Button, Card, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { callApi, meKey } from '@medrelay/api-client';
import { emailChangeSchema, limits, type EmailChange, type User } from '@medrelay/contracts';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { fieldMessage } from '@medrelay/ui';
import { failureText, showFieldErrors } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { useToast } from '../chrome/toasts';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBlockStart: tokens.spacingVerticalM,
  },
  current: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * The account's e-mail: whether it is confirmed (with the link sent again on request),
 * and a change that takes effect only once the new address opens its link.
 */
export function EmailCard({ user }: { user: User }) {
  const styles = useStyles();
  const { t } = useAccountTexts();
  const toast = useToast();
  const client = useQueryClient();
  const [resending, setResending] = useState(false);
  const form = useForm<EmailChange>({
    resolver: zodResolver(emailChangeSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const failed = (error: unknown) =>
    toast({
      title: t('email.failed'),
      description: failureText(error, t('common:toast.networkError')),
      intent: 'destructive',
    });

  const resend = async () => {
    setResending(true);
    try {
      const { message } = await callApi(identityEndpoints.resendVerification);
      toast({ title: t('email.resent'), description: message });
    } catch (error) {
      failed(error);
    } finally {
      setResending(false);
    }
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await callApi(identityEndpoints.changeEmail, { body: values });
      form.reset();
      toast({ title: t('email.changeSent'), description: message });
      await client.invalidateQueries({ queryKey: meKey });
    } catch (error) {
      showFieldErrors(form, error, ['email', 'password']);
      failed(error);
    }
  });

  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('email.title')}
      </Text>
      <div className={styles.current}>
        <Text dir="ltr">{user.email}</Text>
        <Badge
          appearance="tint"
          color={user.emailVerified ? 'success' : 'warning'}
          data-testid="email-status"
        >
          {t(user.emailVerified ? 'email.verified' : 'email.unverified')}
        </Badge>
        {!user.emailVerified && (
          <Button size="small" onClick={() => void resend()} disabledFocusable={resending}>
            {t('email.resend')}
          </Button>
        )}
      </div>
      {user.pendingEmail && (
        <Text role="status" block>
          {t('email.pending', { email: user.pendingEmail })}
        </Text>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={t('email.change')} validationMessage={fieldMessage(t, errors.email)} required>
          <Input
            type="email"
            dir="ltr"
            autoComplete="email"
            maxLength={limits.emailMax}
            {...form.register('email')}
          />
        </Field>
        <Field label={t('email.password')} validationMessage={fieldMessage(t, errors.password)} required>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabledFocusable={isSubmitting}>
            {t('email.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
