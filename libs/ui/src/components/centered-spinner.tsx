import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  full: { minHeight: '100vh', alignItems: 'center' },
});

/** The spinner every screen shows while it loads (spec §2); `fullScreen` is the loading overlay. */
export function CenteredSpinner({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div
      className={fullScreen ? `${styles.root} ${styles.full}` : styles.root}
      role="status"
      aria-live="polite"
    >
      {/* A progress bar needs a name (axe aria-progressbar-name) even with no words beside it. */}
      <Spinner
        label={label}
        aria-label={label ? undefined : t('loading')}
        size={fullScreen ? 'large' : 'medium'}
      />
    </div>
  );
}
