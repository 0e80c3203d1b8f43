import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { meKey, useLiveUpdates, useLogout, useSession } from '@medrelay/api-client';

const useStyles = makeStyles({ pending: { maxWidth: '640px' } });

/**
 * "Your account is pending approval" for a signed-in pending user (spec §2). It follows the
 * account's live events: an administrator's approval refetches the session and the landing page
 * takes the user to their dashboard; a rejection revokes the session, whose stream the gateway
 * then refuses, and the session is checked again (it ends: the page is the visitors' again).
 */
export default function PendingNotice() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const client = useQueryClient();
  const { data: user } = useSession();
  const checkAgain = () => void client.invalidateQueries({ queryKey: meKey });
  useLiveUpdates(true, { onSessionEnded: checkAgain });
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.pending} data-testid="pending-notice">
      <MessageBarBody>
        <MessageBarTitle>{t('landing.pending.title')}</MessageBarTitle>
        {t(user?.userType === 'donor' ? 'landing.pending.bodyDonor' : 'landing.pending.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={checkAgain}>{t('landing.pending.checkAgain')}</Button>
        <Button onClick={logout}>{t('landing.pending.logout')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
