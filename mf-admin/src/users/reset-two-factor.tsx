import { useState } from 'react';
import { Button, Field, Text, useRestoreFocusTarget } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, callApi } from '@medrelay/api-client';
import {
  twoFactorResetReasons,
  type AdminUser,
  type TwoFactorReset,
  type TwoFactorResetReason,
} from '@medrelay/contracts';
import { identityEndpoints as identity } from '@medrelay/contracts/endpoints';
import { CurrentPasswordField, FormDialog, ReasonSelect, useNotify } from '@medrelay/ui';
import { activityKey, allUsersKey } from './keys';

/** A refusal about the administrator's password (wrong, or confirmations paused after wrong ones). */
const aboutPassword = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (error.status === 429 ||
    (Array.isArray(error.body?.details) &&
      error.body.details.some((d: { path?: unknown } | null) => d?.path === 'password')));

/**
 * Reset two-factor on an account whose owner lost the authenticator app and the recovery codes.
 * The dialog asks how the administrator checked it is the owner, and the administrator's own
 * password (the most dangerous change an administrator makes to an account). A wrong password is
 * said beside the field and the dialog stays open; any other refusal (already reset by another
 * administrator, the account gone) closes it with the server's words in a toast, and the list is
 * asked again.
 */
export function ResetTwoFactor({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  // Closed without a reset (Cancel, Escape), focus goes back to the button, not the page's top.
  const restoreFocus = useRestoreFocusTarget();
  const [reason, setReason] = useState<TwoFactorResetReason | ''>('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; password?: string }>({});
  const refresh = () => {
    for (const queryKey of [allUsersKey, activityKey]) void client.invalidateQueries({ queryKey });
  };
  const close = () => {
    setOpen(false);
    setReason('');
    setPassword('');
    setErrors({});
  };
  const reset = useMutation({
    mutationFn: (body: TwoFactorReset) =>
      callApi(identity.resetUserTwoFactor, { params: { id: user.id }, body }),
    onSuccess: () => {
      close();
      notify.success(t('users.twoFactorReset.done'), t('users.twoFactorReset.doneBody', { name: user.name }));
      refresh();
    },
    onError: (error) => {
      setPassword('');
      if (aboutPassword(error)) {
        setErrors({ password: error.serverMessage ?? t('users.twoFactorReset.failed') });
        return;
      }
      close();
      notify.failure(t('users.twoFactorReset.failed'), error);
      refresh();
    },
  });
  const submit = () => {
    const missing = {
      ...(reason ? {} : { reason: t('users.twoFactorReset.reasonMissing') }),
      ...(password ? {} : { password: t('users.twoFactorReset.passwordMissing') }),
    };
    setErrors(missing);
    if (reason && password) reset.mutate({ reason, password });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} {...restoreFocus}>
        {t('users.twoFactorReset.action')}
      </Button>
      {open && (
        <FormDialog
          title={t('users.twoFactorReset.title', { name: user.name })}
          submitLabel={t('users.twoFactorReset.submit')}
          busy={reset.isPending}
          onSubmit={submit}
          onClose={close}
        >
          <Text block>{t('users.twoFactorReset.body', { name: user.name })}</Text>
          <Field label={t('users.twoFactorReset.reason')} required validationMessage={errors.reason}>
            <ReasonSelect
              value={reason}
              onChange={(_, data) => setReason(data.value as TwoFactorResetReason | '')}
            >
              <option value="" disabled>
                {t('users.twoFactorReset.chooseReason')}
              </option>
              {twoFactorResetReasons.map((r) => (
                <option key={r} value={r}>
                  {t(`users.twoFactorReset.reasons.${r}`)}
                </option>
              ))}
            </ReasonSelect>
          </Field>
          <CurrentPasswordField
            label={t('users.twoFactorReset.password')}
            required
            error={errors.password}
            value={password}
            onChange={setPassword}
          />
        </FormDialog>
      )}
    </>
  );
}
