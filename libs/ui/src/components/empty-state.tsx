import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
    color: tokens.colorNeutralForeground3,
    textAlign: 'center',
  },
});

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      <Text weight="semibold">{title}</Text>
      {body && <Text>{body}</Text>}
      {action}
    </div>
  );
}
