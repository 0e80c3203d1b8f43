import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Field,
  Label,
  makeStyles,
  Link,
  Switch,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi, publicSettingsKey, routeKey } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import {
  defaultSettings,
  isMessageKey,
  settingsSchema,
  type Settings,
  type SettingsUpdate,
} from '@medrelay/contracts';
import {
  CenteredSpinner,
  ErrorState,
  FormInput,
  FormTextarea,
  PageHeader,
  parseWhole,
  useRemote,
} from '@medrelay/ui';
import { medicineCategories, normalizeCategories } from '@medrelay/domain/categories';
import { refetchOnOpen } from '../users/keys';
import { SystemActions } from './system-actions';

const useStyles = makeStyles({
  layout: {
    display: 'grid',
    // Fixed tab column and a card column that cannot grow with its content: the tabs stay at one
    // place whichever tab is open (content-sized tracks moved them).
    gridTemplateColumns: '200px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 700px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    justifyContent: 'flex-end',
    marginBlockStart: tokens.spacingVerticalL,
  },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/** The switches of the form: each is one boolean setting. */
type BooleanSetting = {
  [K in keyof Settings]: Settings[K] extends boolean ? K : never;
}[keyof Settings];

const tabs = ['general', 'notifications', 'security', 'guardrails', 'system'] as const;
type SettingsTab = (typeof tabs)[number];

const settingsKey = routeKey(identityEndpoints.settings);

/** `/admin/settings`: the system settings of spec §2/§3, loaded from and saved to svc-identity. */
export function SystemSettings() {
  const { t } = useTranslation('admin');
  // Asked again each time the screen opens (another administrator may have saved meanwhile),
  // and the form starts from that answer, not from the copy loaded earlier.
  const settings = useQuery<Settings>({ queryKey: settingsKey, ...refetchOnOpen });
  if (settings.isPending || (!settings.isFetchedAfterMount && !settings.isError)) return <CenteredSpinner />;
  if (settings.isError)
    return (
      <ErrorState
        title={t('settings.loadFailed')}
        body={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsForm saved={settings.data} />;
}

function SettingsForm({ saved }: { saved: Settings }) {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const { toast } = useRemote();
  const client = useQueryClient();
  const [tab, setTab] = useState<SettingsTab>('general');
  const form = useForm<Settings>({ resolver: zodResolver(settingsSchema), defaultValues: saved });
  const { errors } = form.formState;
  const message = (error: FieldError | undefined) => {
    if (!error) return undefined;
    return isMessageKey(error.message ?? '') ? t(`messages:${error.message}`) : t('messages:invalidInput');
  };
  const save = useMutation({
    mutationFn: (values: SettingsUpdate) => callApi(identityEndpoints.updateSettings, { body: values }),
    onSuccess: (updated) => {
      client.setQueryData(settingsKey, updated);
      // The header title and welcome message read the public subset.
      void client.invalidateQueries({ queryKey: publicSettingsKey });
      form.reset(updated);
      toast({ title: t('settings.saved'), description: t('settings.savedBody') });
    },
    onError: (error) =>
      toast({
        title: t('settings.saveFailed'),
        description:
          error instanceof ApiError ? (error.serverMessage ?? error.message) : t('common:toast.networkError'),
        intent: 'destructive',
      }),
  });
  // Errors on another tab would be invisible: open the first tab with one.
  const submit = form.handleSubmit(
    (values) => save.mutate(changedOnly(values, form.formState.defaultValues ?? saved)),
    (invalid) => {
      const owner = tabs.find((name) => fieldsByTab[name].some((field) => field in invalid));
      if (owner) setTab(owner);
    },
  );
  const number = (
    name: 'expiryWarningDays' | 'maxUploadSize' | 'sessionTimeout' | 'noShowGraceHours',
    min: number,
    max: number,
  ) => (
    <Field
      label={t(`settings.fields.${name}`)}
      hint={t('settings.range', { min, max })}
      validationMessage={message(errors[name])}
    >
      <FormInput
        control={form.control}
        name={name}
        parse={parseWhole}
        type="number"
        min={min}
        max={max}
        step={1}
      />
    </Field>
  );
  const toggle = (name: BooleanSetting) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Switch
          checked={Boolean(field.value)}
          onChange={(_, data) => field.onChange(data.checked)}
          label={t(`settings.fields.${name}`)}
        />
      )}
    />
  );

  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <form onSubmit={submit} noValidate>
        <div className={styles.layout}>
          <TabList vertical selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as SettingsTab)}>
            {tabs.map((name) => (
              <Tab key={name} value={name}>
                {t(`settings.tabs.${name}`)}
              </Tab>
            ))}
          </TabList>
          <Card className={styles.card} role="tabpanel" aria-label={t(`settings.tabs.${tab}`)}>
            {tab === 'general' && (
              <>
                <Field
                  label={t('settings.fields.systemName')}
                  validationMessage={message(errors.systemName)}
                  required
                >
                  <FormInput control={form.control} name="systemName" dir="auto" />
                </Field>
                <Field
                  label={t('settings.fields.adminEmail')}
                  validationMessage={message(errors.adminEmail)}
                  required
                >
                  <FormInput control={form.control} name="adminEmail" type="email" dir="ltr" />
                </Field>
                <Field
                  label={t('settings.fields.welcomeMessage')}
                  validationMessage={message(errors.welcomeMessage)}
                >
                  <FormTextarea
                    control={form.control}
                    name="welcomeMessage"
                    rows={3}
                    maxLength={500}
                    dir="auto"
                  />
                </Field>
                {number('expiryWarningDays', 1, 365)}
                {number('noShowGraceHours', 1, 168)}
              </>
            )}
            {tab === 'notifications' && (
              <>
                {toggle('emailNotifications')}
                {toggle('notifyRegistrations')}
                {toggle('notifyExpiry')}
                {toggle('notifyTransactions')}
              </>
            )}
            {tab === 'security' && (
              <>
                <Field hint={t('settings.autoApproveHint')}>{toggle('autoApproveUsers')}</Field>
                {number('sessionTimeout', 15, 1440)}
                <Field hint={t('settings.twoFactorHint')}>{toggle('twoFactorRequired')}</Field>
                <Field hint={t('settings.passwordPolicyHint')}>{toggle('passwordPolicy')}</Field>
                {/* The administrator's own authenticator and devices: the shell's screen. */}
                <Link href="/admin/security">{t('settings.ownSecurity')}</Link>
              </>
            )}
            {tab === 'guardrails' && (
              <Controller
                control={form.control}
                name="donorForbiddenCategories"
                render={({ field }) => {
                  const forbidden = field.value ?? [];
                  return (
                    // Checkboxes outside a Fluent Field: a Field names every control in it alike.
                    <div
                      role="group"
                      aria-labelledby="donor-forbidden-label"
                      aria-describedby="donor-forbidden-hint"
                      className={styles.group}
                    >
                      <Label id="donor-forbidden-label">
                        {t('settings.fields.donorForbiddenCategories')}
                      </Label>
                      {medicineCategories.map((category) => (
                        <Checkbox
                          key={category}
                          label={t(`common:category.${category}`)}
                          checked={forbidden.includes(category)}
                          onChange={(_, data) =>
                            field.onChange(
                              normalizeCategories(
                                data.checked
                                  ? [...forbidden, category]
                                  : forbidden.filter((c) => c !== category),
                              ),
                            )
                          }
                        />
                      ))}
                      <Text as="p" size={200} id="donor-forbidden-hint" className={styles.hint}>
                        {t('settings.donorForbiddenHint')}
                      </Text>
                    </div>
                  );
                }}
              />
            )}
            {tab === 'system' && (
              <>
                {number('maxUploadSize', 1, 100)}
                <Field hint={t('settings.maintenanceHint')}>{toggle('maintenanceMode')}</Field>
                <SystemActions />
              </>
            )}
          </Card>
        </div>
        <div className={styles.actions}>
          <Button
            onClick={() =>
              form.reset(
                {
                  ...defaultSettings,
                  donorForbiddenCategories: [...defaultSettings.donorForbiddenCategories],
                  // Where the platform's own e-mails go is this deployment's, not a tuning
                  // default: the placeholder address would send them nowhere anyone reads.
                  adminEmail: form.getValues('adminEmail'),
                },
                { keepDefaultValues: true },
              )
            }
          >
            {t('settings.resetDefaults')}
          </Button>
          <Button appearance="primary" type="submit" disabled={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </>
  );
}

/**
 * The fields this administrator changed (react-hook-form's dirty fields: a list is dirty when any
 * of its entries is). Saving only these leaves another administrator's changes to the other
 * settings in place.
 */
/**
 * The settings whose value differs from what this form loaded or last saved: another admin's
 * changes to the others are not sent back. Compared by value, not by the form's dirty marks,
 * which "Reset to Defaults" (a reset of every field) does not set.
 */
function changedOnly(values: Settings, loaded: Partial<Record<keyof Settings, unknown>>): SettingsUpdate {
  const changed = (Object.keys(values) as (keyof Settings)[]).filter(
    (key) => JSON.stringify(values[key]) !== JSON.stringify(loaded[key]),
  );
  return Object.fromEntries(changed.map((key) => [key, values[key]])) as SettingsUpdate;
}

const fieldsByTab: Record<SettingsTab, (keyof Settings)[]> = {
  general: ['systemName', 'adminEmail', 'welcomeMessage', 'expiryWarningDays', 'noShowGraceHours'],
  notifications: ['emailNotifications', 'notifyRegistrations', 'notifyExpiry', 'notifyTransactions'],
  security: ['autoApproveUsers', 'sessionTimeout', 'passwordPolicy', 'twoFactorRequired'],
  guardrails: ['donorForbiddenCategories'],
  system: ['maxUploadSize', 'maintenanceMode'],
};

export default SystemSettings;
