import { useState } from 'react';
import { Button, Field, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import {
  registrationRejectionReasons,
  type RegistrationRejectionReason,
  type User,
} from '@medrelay/contracts';
import { ConfirmDialog, ReasonSelect } from '@medrelay/ui';
import { reviewActionAttribute, useReviewDialog } from './review-focus';

/**
 * Reject on a pending registration: its confirmation asks why (the registrant is e-mailed the
 * reason and may apply again); nothing is sent until one is chosen. Closed, it gives focus back
 * (review-focus.ts): `onReject` returns the decision's promise for that when it has one.
 */
export function RejectRegistration({
  user,
  busy,
  onReject,
}: {
  user: User;
  busy: boolean;
  onReject: (reason: RegistrationRejectionReason) => Promise<unknown> | void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<RegistrationRejectionReason | ''>('');
  const dialog = useReviewDialog();
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button ref={dialog.trigger} disabled={busy} {...{ [reviewActionAttribute]: 'reject' }}>
          {t('users.actions.reject')}
        </Button>
      }
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
        const decision = reason ? onReject(reason) : undefined;
        if (decision) dialog.decided(decision);
      }}
    />
  );
}
