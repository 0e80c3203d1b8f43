import { makeStyles, Spinner, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
  full: { minHeight: '100vh', alignItems: 'center' },
});

/** The spinner every screen shows while it loads (spec §2); `fullScreen` is the loading overlay. */
export function CenteredSpinner({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  const styles = useStyles();
  return (
    <div
      className={fullScreen ? `${styles.root} ${styles.full}` : styles.root}
      role="status"
      aria-live="polite"
    >
      <Spinner label={label} size={fullScreen ? 'large' : 'medium'} />
    </div>
  );
}
