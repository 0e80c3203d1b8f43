import { useState } from 'react';
import {
  Button,
  Card,
  makeStyles,
  tokens,
  useRestoreFocusTarget,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import { callApi, useLogout } from '@medrelay/api-client';
import { identityEndpoints } from '@medrelay/contracts/endpoints';
import { CurrentPasswordField } from '@medrelay/ui';
import { failureText } from '../auth/account-links';
import { useCardStyles } from '../security/two-factor-card';
import { useDeleteAccountTexts } from './delete-account-texts';

const useStyles = makeStyles({
  // The card's padding would indent the text and field from the dialog's title and buttons.
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // Fluent puts the buttons in the last half of a wide dialog: two-word labels wrapped there.
  actions: { gridColumnStart: 1, justifyContent: 'flex-end' },
});

/** Where a deleted account's browser lands, signed out. */
export const accountDeletedPath = '/account-deleted';

/**
 * A donor deletes their own account (docs/accounts.md, "Deleting an account"): what happens, then
 * a dialog that asks for the password (as every change a stolen session alone must not make).
 * Deleted, this browser is signed out and shown the confirmation page.
 */
export function DeleteAccountCard() {
  const styles = useCardStyles();
  const dialogStyles = useStyles();
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
      <Dialog open={open} onOpenChange={(_, data) => (data.open ? setOpen(true) : close())}>
        <DialogSurface>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <DialogBody>
              <DialogTitle>{t('confirmTitle')}</DialogTitle>
              <DialogContent className={dialogStyles.content}>
                <Text>{t('confirmBody')}</Text>
                <CurrentPasswordField
                  label={t('password')}
                  error={error}
                  required
                  value={password}
                  onChange={setPassword}
                />
              </DialogContent>
              <DialogActions className={dialogStyles.actions}>
                <Button appearance="secondary" onClick={close}>
                  {t('keep')}
                </Button>
                <Button appearance="primary" type="submit" disabled={busy || !password}>
                  {t('confirm')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
