import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({ root: { margin: tokens.spacingVerticalL } });

/** A clear message with a retry instead of a white page (a failed remote, a failed load). */
export function ErrorState({ title, body, onRetry }: { title: string; body?: string; onRetry?: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <MessageBar intent="error" className={styles.root} layout="multiline" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {body}
      </MessageBarBody>
      {onRetry && (
        <MessageBarActions>
          <Button onClick={onRetry}>{t('actions.retry')}</Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}
