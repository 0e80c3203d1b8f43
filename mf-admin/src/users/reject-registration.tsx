import { useState } from 'react';
import { Button, Field, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  registrationRejectionReasons,
  type RegistrationRejectionReason,
  type User,
} from '@medrelay/contracts';
import { ConfirmDialog, ReasonSelect } from '@medrelay/ui';

/**
 * Reject on a pending registration: its confirmation asks why (the registrant is e-mailed the
 * reason and may apply again); nothing is sent until one is chosen.
 */
export function RejectRegistration({
  user,
  busy,
  onReject,
}: {
  user: User;
  busy: boolean;
  onReject: (reason: RegistrationRejectionReason) => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<RegistrationRejectionReason | ''>('');
  return (
    <ConfirmDialog
      trigger={<Button disabled={busy}>{t('users.actions.reject')}</Button>}
      title={t('users.actions.reject')}
      body={
        <>
          <Text block>{t('users.confirm.reject', { name: user.name })}</Text>
          <Field label={t('users.rejectReason')} required>
            <ReasonSelect
              value={reason}
              onChange={(_, data) => setReason(data.value as RegistrationRejectionReason | '')}
            >
              <option value="" disabled>
                {t('users.chooseReason')}
              </option>
              {registrationRejectionReasons.map((r) => (
                <option key={r} value={r}>
                  {t(`users.rejectReasons.${r}`)}
                </option>
              ))}
            </ReasonSelect>
          </Field>
        </>
      }
      confirmLabel={t('users.actions.reject')}
      confirmDisabled={!reason}
      onConfirm={() => {
        if (reason) onReject(reason);
      }}
    />
  );
}
