import type { ReactNode } from 'react';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  section: {
    paddingBlock: '72px',
    paddingInline: tokens.spacingHorizontalXXXL,
    scrollMarginBlockStart: '72px',
    '@media (max-width: 600px)': { paddingInline: tokens.spacingHorizontalL, paddingBlock: '48px' },
  },
  tinted: { backgroundColor: tokens.colorNeutralBackground2 },
  title: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightBold,
  },
  subtitle: { color: tokens.colorNeutralForeground3, marginBlockStart: tokens.spacingVerticalS },
  content: { marginBlockStart: tokens.spacingVerticalXXL },
});

export const useGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalXL,
  },
});

/** A landing section with its anchor id, title and optional subtitle. */
export function Section(props: {
  id: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <section
      id={props.id}
      aria-labelledby={`${props.id}-title`}
      className={mergeClasses(styles.section, props.tinted && styles.tinted)}
    >
      <Text as="h2" id={`${props.id}-title`} className={styles.title} block>
        {props.title}
      </Text>
      {props.subtitle && (
        <Text as="p" className={styles.subtitle} block>
          {props.subtitle}
        </Text>
      )}
      <div className={styles.content}>{props.children}</div>
    </section>
  );
}
