import { useState } from 'react';
import { Button, Card, useRestoreFocusTarget, Text } from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { callApi, useLogout } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { CurrentPasswordField, FormDialog } from '@medrelay/ui';
import { failureText } from '../auth/account-links';
import { useCardStyles } from '../security/two-factor-card';
import { useDeleteAccountTexts } from './delete-account-texts';

/** Where a deleted account's browser lands, signed out. */
export const accountDeletedPath = '/account-deleted';

/**
 * A donor deletes their own account (docs/accounts.md, "Deleting an account"): what happens, then
 * a dialog that asks for the password (as every change a stolen session alone must not make).
 * Deleted, this browser is signed out and shown the confirmation page.
 */
export function DeleteAccountCard() {
  const styles = useCardStyles();
  // Closed (Keep, Escape, a wrong password then Keep), focus goes back to the button, not the page's top.
  const restoreFocus = useRestoreFocusTarget();
  const { t } = useDeleteAccountTexts();
  const navigate = useNavigate();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };
  const submit = async () => {
    const typed = password;
    setPassword('');
    setBusy(true);
    setError(undefined);
    try {
      await callApi(identityEndpoints.deleteAccount, { body: { password: typed } });
    } catch (failure) {
      setError(failureText(failure, t('common:toast.networkError')));
      setBusy(false);
      return;
    }
    // The account and its sessions are gone: leave the signed-in area first, then forget the session.
    navigate(accountDeletedPath, { replace: true });
    logout();
  };

  return (
    <Card className={styles.card} data-testid="delete-account">
      <Text as="h2" size={500} weight="semibold">
        {t('title')}
      </Text>
      <Text>{t('intro')}</Text>
      <ul>
        {(['requests', 'listings', 'personal', 'records'] as const).map((key) => (
          <li key={key}>
            <Text>{t(key)}</Text>
          </li>
        ))}
      </ul>
      <Text>{t('again')}</Text>
      <div className={styles.actions}>
        <Button onClick={() => setOpen(true)} {...restoreFocus}>
          {t('open')}
        </Button>
      </div>
      {open && (
        <FormDialog
          title={t('confirmTitle')}
          submitLabel={t('confirm')}
          cancelLabel={t('keep')}
          busy={busy}
          submitDisabled={!password}
          onSubmit={() => void submit()}
          onClose={close}
        >
          <Text>{t('confirmBody')}</Text>
          <CurrentPasswordField
            label={t('password')}
            error={error}
            required
            value={password}
            onChange={setPassword}
          />
        </FormDialog>
      )}
    </Card>
  );
}
