import { createContext, type ReactNode } from 'react';
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

const useSectionStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBlock: `${tokens.spacingVerticalXL} ${tokens.spacingVerticalM}`,
  },
});

/** The heading of a section inside a screen, with an optional action beside it. */
export function SectionHeader({ title, action }: { title: string; action?: ReactNode }) {
  const styles = useSectionStyles();
  return (
    <div className={styles.root}>
      <Text as="h2" size={600} weight="semibold">
        {title}
      </Text>
      {action}
    </div>
  );
}

/**
 * The heading level of item cards' titles where they are shown: 2 right under a screen's title,
 * 3 inside a section with its own h2 (heading order, axe). A section that heads its list
 * provides 3.
 */
export const CardHeadingLevel = createContext<2 | 3>(2);
