import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi, meKey, passwordAdvice, tokenStore } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import {
  languages,
  passwordChangeSchema,
  profileUpdateSchema,
  type Language,
  type PasswordChange,
  type ProfileUpdate,
  type User,
} from '@medrelay/contracts';
import { currentLanguage } from '@medrelay/i18n';
import { FormInput, PageHeader, FormPickupPlaceFields } from '@medrelay/ui';
import { useToast } from '../chrome/toasts';
import { EmailCard } from './email-card';
import { PushCard } from './push-card';
import { SecurityLinkCard } from '../security/security-page';
import { DeleteAccountCard } from './delete-account-card';
import { maySelfDelete } from '@medrelay/domain/user-status';
import { showFieldErrors } from '../auth/account-links';
import { useAccountTexts } from '../auth/account-texts';
import { PasswordStrength, usePasswordFieldMessage } from '../auth/password-strength';
import { useChangeLanguage } from '../chrome/use-change-language';
import { fieldMessage } from '@medrelay/ui';

const useStyles = makeStyles({
  cards: { display: 'grid', gap: tokens.spacingVerticalXL, maxWidth: '720px' },
  card: { padding: tokens.spacingHorizontalXL },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBlockStart: tokens.spacingVerticalM,
  },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** The fields each account type may edit besides name, phone and address (spec §3). */
const roleFields = {
  pharmacy: ['commercialLicense'],
  ngo: ['organizationName', 'commercialNumber', 'pharmacistLicense'],
  donor: [],
  admin: [],
} as const;

function useShowFailure() {
  const toast = useToast();
  const { t } = useTranslation('shell');
  return (title: string, error: unknown) =>
    toast({
      title,
      description:
        error instanceof ApiError ? (error.serverMessage ?? error.message) : t('common:toast.networkError'),
      intent: 'destructive',
    });
}

function ProfileCard({ user }: { user: User }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const toast = useToast();
  const failed = useShowFailure();
  const client = useQueryClient();
  const extra = roleFields[user.userType];
  // Business details the administrator reviewed are theirs to change (the server refuses too).
  const reviewed = user.status !== 'pending';
  const form = useForm<z.input<typeof profileUpdateSchema>, unknown, ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: user.name,
      phone: user.phone,
      address: user.profile?.address ?? '',
      governorate: user.governorate ?? null,
      area: user.area ?? null,
      pin: user.pin ?? null,
      ...Object.fromEntries(extra.map((field) => [field, user.profile?.[field] ?? ''])),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const updated = await callApi(identityEndpoints.updateProfile, { body: values });
      client.setQueryData(meKey, updated);
      toast({ title: t('settings.profileSaved'), description: t('settings.profileSavedBody') });
    } catch (error) {
      failed(t('settings.profileFailed'), error);
    }
  });
  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('settings.profile')}
      </Text>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={t('settings.email')} hint={t('settings.emailHint')}>
          <Input value={user.email} readOnly dir="ltr" />
        </Field>
        <Field label={t('settings.name')} validationMessage={fieldMessage(t, errors.name)} required>
          <FormInput control={form.control} name="name" dir="auto" />
        </Field>
        <Field label={t('settings.phone')} validationMessage={fieldMessage(t, errors.phone)} required>
          <FormInput control={form.control} name="phone" type="tel" dir="ltr" />
        </Field>
        <Field label={t('settings.address')} validationMessage={fieldMessage(t, errors.address)}>
          <FormInput control={form.control} name="address" dir="auto" />
        </Field>
        <FormPickupPlaceFields form={form} />
        {extra.map((field) => {
          // A pharmacist's licence an NGO approved without one adds is reviewed on its own: it may
          // be typed once, then waits for an administrator (donors' medicines reach it after).
          const license = field === 'pharmacistLicense';
          const waiting = license && Boolean(user.profile?.pharmacistLicensePending);
          const addable = license && reviewed && !user.profile?.pharmacistLicense;
          const hint = waiting
            ? t('settings.licenseWaiting')
            : addable
              ? t('settings.licenseAddHint')
              : reviewed
                ? t('settings.verifiedHint')
                : undefined;
          return (
            <Field
              key={field}
              label={t(`settings.${field}`)}
              validationMessage={fieldMessage(t, errors[field])}
              hint={hint}
              validationState={waiting ? 'warning' : undefined}
              required={!addable}
            >
              <FormInput control={form.control} name={field} readOnly={reviewed && !addable} dir="auto" />
            </Field>
          );
        })}
        <div className={styles.actions}>
          {/* Focusable while saving (aria-disabled): a disabled button dropped focus to the page's body. */}
          <Button appearance="primary" type="submit" disabledFocusable={isSubmitting}>
            {t('settings.saveProfile')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LanguageCard() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const toast = useToast();
  const changeLanguage = useChangeLanguage();
  const change = async (language: Language) => {
    if (await changeLanguage(language)) toast({ title: t('settings.languageSaved') });
    else
      toast({
        title: t('settings.languageFailed'),
        description: t('common:toast.networkError'),
        intent: 'destructive',
      });
  };
  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('settings.languageTitle')}
      </Text>
      <Field hint={t('settings.languageHint')} className={styles.form}>
        <RadioGroup
          value={currentLanguage(i18n)}
          onChange={(_, data) => void change(data.value as Language)}
          aria-label={t('settings.languageTitle')}
        >
          {languages.map((language) => (
            <Radio key={language} value={language} label={t(`common:language.${language}`)} lang={language} />
          ))}
        </RadioGroup>
      </Field>
    </Card>
  );
}

/** The own password (also on administrators' Sign-in & security screen, who have no account settings). */
export function PasswordCard({ user }: { user: User }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const accounts = useAccountTexts();
  // Signed in with a password the policy no longer allows: asked for a new one.
  const [weak, setWeak] = useState(passwordAdvice.get);
  const toast = useToast();
  const failed = useShowFailure();
  const passwordMessage = usePasswordFieldMessage();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      // A new password ends every session; the answer carries this one's replacement.
      const { token } = await callApi(identityEndpoints.changePassword, { body: values });
      tokenStore.set(token);
      passwordAdvice.set(false);
      setWeak(false);
      form.reset();
      toast({ title: t('settings.passwordChanged'), description: t('settings.passwordChangedBody') });
    } catch (error) {
      showFieldErrors(form, error, ['currentPassword', 'newPassword']);
      failed(t('settings.passwordFailed'), error);
    }
  });
  return (
    <Card className={styles.card}>
      <Text as="h2" size={500} weight="semibold">
        {t('settings.passwordTitle')}
      </Text>
      {weak && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{accounts.t('strength.weakTitle')}</MessageBarTitle>
            {accounts.t('strength.weakBody')}
          </MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field
          label={t('settings.currentPassword')}
          validationMessage={fieldMessage(t, errors.currentPassword)}
          required
        >
          <FormInput
            control={form.control}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
          />
        </Field>
        <Field
          label={t('settings.newPassword')}
          validationMessage={passwordMessage(errors.newPassword)}
          required
        >
          <FormInput control={form.control} name="newPassword" type="password" autoComplete="new-password" />
        </Field>
        <PasswordStrength password={form.watch('newPassword')} owner={user} />
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" disabledFocusable={isSubmitting}>
            {t('settings.changePassword')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** `/{role}/settings` for pharmacy, NGO and donor: own profile, language and password. */
export function AccountSettingsPage({ user }: { user: User }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className={styles.cards}>
        <ProfileCard user={user} />
        <EmailCard user={user} />
        <SecurityLinkCard role={user.userType} />
        <LanguageCard />
        <PushCard />
        <PasswordCard user={user} />
        {/* Only donors delete their own account: pharmacies and NGOs hold business and legal records. */}
        {maySelfDelete(user.userType) && <DeleteAccountCard />}
      </div>
    </>
  );
}
