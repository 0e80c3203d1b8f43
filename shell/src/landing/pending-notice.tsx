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
import { meKey, useLogout } from '@medrelay/api-client';

const useStyles = makeStyles({ pending: { maxWidth: '640px' } });

/** "Your account is pending approval" for a signed-in pending user (spec §2). */
export default function PendingNotice() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const client = useQueryClient();
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.pending} data-testid="pending-notice">
      <MessageBarBody>
        <MessageBarTitle>{t('landing.pending.title')}</MessageBarTitle>
        {t('landing.pending.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => void client.invalidateQueries({ queryKey: meKey })}>
          {t('landing.pending.checkAgain')}
        </Button>
        <Button onClick={logout}>{t('landing.pending.logout')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
