import { useEffect } from 'react';
import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, useRegister } from '@medrelay/api-client';
import {
  limits,
  registrationSchema,
  type FieldError,
  selfRegisteringUserTypes,
  type Registration,
  type RegistrationInput,
  type SelfRegisteringUserType,
} from '@medrelay/contracts';
import { currentLanguage } from '@medrelay/i18n';
import { addMessageTexts } from '@medrelay/i18n/messages';
import { addWorkTexts } from '@medrelay/i18n/work';
import { usePageTitle } from '../chrome/use-page-title';
import { useToast } from '../chrome/toasts';
import { AuthLayout, EmailField } from './auth-layout';
import { PasswordStrength, usePasswordFieldMessage } from './password-strength';
import { fieldMessage, FormPickupPlaceFields } from '@medrelay/ui';

function typeFromQuery(value: string | null): SelfRegisteringUserType {
  return (selfRegisteringUserTypes as readonly string[]).includes(value ?? '')
    ? (value as SelfRegisteringUserType)
    : 'donor';
}

/** `/register`: the rules and messages of spec §5; `?type=` preselects the account type. */
export function RegisterPage() {
  const { t, i18n } = useTranslation('shell');
  // The governorate names and field texts are among the signed-in screens' texts; the
  // validation and error messages come with this chunk too.
  addWorkTexts(i18n);
  addMessageTexts(i18n);
  const navigate = useNavigate();
  const toast = useToast();
  const register = useRegister();
  const [params] = useSearchParams();
  usePageTitle(t('register.title'));
  const passwordMessage = usePasswordFieldMessage();
  const form = useForm<RegistrationInput, unknown, Registration>({
    resolver: zodResolver(registrationSchema),
    // Fields of another account type are dropped when the type changes, never sent along.
    shouldUnregister: true,
    defaultValues: {
      userType: typeFromQuery(params.get('type')),
      name: '',
      email: '',
      phone: '',
      password: '',
      address: '',
      commercialLicense: '',
      organizationName: '',
      commercialNumber: '',
      pharmacistLicense: '',
      acceptTerms: false as unknown as true,
    },
  });
  const { errors } = form.formState;
  const userType = form.watch('userType') ?? 'donor';

  useEffect(() => form.setValue('userType', typeFromQuery(params.get('type'))), [params, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await register.mutateAsync({ ...values, language: currentLanguage(i18n) });
      toast({
        title: t('common:toast.registrationSuccess'),
        description: result.message ?? t('messages:registrationPending'),
      });
      navigate('/login');
    } catch (error) {
      const server = error instanceof ApiError ? error.body : null;
      // The server's per-field findings shown beside the fields. (A taken e-mail is not one: it is
      // answered like a new one and its owner is e-mailed.)
      const details = Array.isArray(server?.details) ? (server.details as FieldError[]) : [];
      for (const detail of details) {
        form.setError(detail.path as keyof RegistrationInput, { message: detail.rule });
      }
      toast({
        title: t('common:toast.registrationFailed'),
        description: server?.message ?? t('common:toast.registrationError'),
        intent: 'destructive',
      });
    }
  });

  return (
    <AuthLayout
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={{ text: t('register.haveAccount'), to: '/login', link: t('register.login') }}
      onSubmit={submit}
    >
      <Controller
        control={form.control}
        name="userType"
        render={({ field }) => (
          <Field label={t('register.userType')}>
            <RadioGroup
              layout="horizontal"
              value={field.value ?? 'donor'}
              onChange={(_, data) => field.onChange(data.value)}
            >
              {selfRegisteringUserTypes.map((type) => (
                <Radio key={type} value={type} label={t(`register.types.${type}`)} />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
      <Field
        label={t(`register.nameLabel.${userType}`)}
        validationMessage={fieldMessage(t, errors.name)}
        required
      >
        <Input
          dir="auto"
          autoComplete={userType === 'pharmacy' ? 'organization' : 'name'}
          maxLength={limits.nameMax}
          {...form.register('name')}
        />
      </Field>
      {userType === 'ngo' && (
        <>
          <Field
            label={t('register.organizationName')}
            validationMessage={fieldMessage(t, errors.organizationName)}
            required
          >
            <Input
              dir="auto"
              autoComplete="organization"
              maxLength={limits.organizationNameMax}
              {...form.register('organizationName')}
            />
          </Field>
          <Field
            label={t('register.commercialNumber')}
            validationMessage={fieldMessage(t, errors.commercialNumber)}
            required
          >
            <Input maxLength={limits.referenceMax} {...form.register('commercialNumber')} />
          </Field>
          {/* Law 127/1955: donated medicines end at an NGO with a pharmacist (docs/transfers.md, "Guardrails"). */}
          <Field
            label={t('register.pharmacistLicense')}
            hint={t('register.pharmacistLicenseHint')}
            validationMessage={fieldMessage(t, errors.pharmacistLicense)}
            required
          >
            <Input dir="ltr" inputMode="numeric" maxLength={40} {...form.register('pharmacistLicense')} />
          </Field>
        </>
      )}
      {userType === 'pharmacy' && (
        <Field
          label={t('register.commercialLicense')}
          validationMessage={fieldMessage(t, errors.commercialLicense)}
          required
        >
          <Input maxLength={limits.referenceMax} {...form.register('commercialLicense')} />
        </Field>
      )}
      <EmailField
        label={t('register.email')}
        validationMessage={fieldMessage(t, errors.email)}
        registration={form.register('email')}
      />
      <Field label={t('register.phone')} validationMessage={fieldMessage(t, errors.phone)} required>
        <Input type="tel" autoComplete="tel" dir="ltr" {...form.register('phone')} />
      </Field>
      <Field label={t('register.password')} validationMessage={passwordMessage(errors.password)} required>
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={limits.passwordMax}
          {...form.register('password')}
        />
      </Field>
      <PasswordStrength
        password={form.watch('password') ?? ''}
        owner={{ email: form.watch('email'), name: form.watch('name') }}
      />
      <Field label={t('register.address')} validationMessage={fieldMessage(t, errors.address)}>
        <Input
          dir="auto"
          autoComplete="street-address"
          maxLength={limits.addressMax}
          {...form.register('address')}
        />
      </Field>
      <FormPickupPlaceFields form={form} />
      <Field validationMessage={fieldMessage(t, errors.acceptTerms)}>
        <Checkbox label={t('register.acceptTerms')} {...form.register('acceptTerms')} />
      </Field>
      {userType !== 'donor' && (
        <MessageBar intent="info">
          <MessageBarBody>{t('register.review')}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" type="submit" disabled={register.isPending}>
        {register.isPending ? t('register.submitting') : t('register.submit')}
      </Button>
    </AuthLayout>
  );
}
