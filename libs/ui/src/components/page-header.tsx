import type { ReactNode } from 'react';
import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  subtitle: { color: tokens.colorNeutralForeground3 },
});

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <header className={styles.root}>
      <div>
        <Text as="h1" size={800} weight="semibold" block>
          {title}
        </Text>
        {subtitle && (
          <Text as="p" className={styles.subtitle}>
            {subtitle}
          </Text>
        )}
      </div>
      {actions}
    </header>
  );
}
