import type { HTMLAttributes, ReactNode } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

/**
 * The look of Fluent's Card (filled, medium) without its focus management: the landing page's
 * cards hold no focusable group, and Fluent's Card brings the Tabster focus library (about 20 KB
 * of Brotli) into the first load. Screens behind sign-in keep Fluent's Card.
 */
const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    boxSizing: 'border-box',
    position: 'relative',
    gap: '12px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow4,
  },
  header: { display: 'flex', alignItems: 'center', gap: '12px' },
  headerText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  description: { color: tokens.colorNeutralForeground2 },
  footer: { display: 'flex', flexDirection: 'row', gap: '12px' },
});

export function PlainCard({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  const styles = useStyles();
  return <div {...props} className={mergeClasses(styles.card, className)} />;
}

export function PlainCardHeader({
  image,
  header,
  description,
}: {
  image?: ReactNode;
  header: ReactNode;
  description?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={styles.header}>
      {image}
      <div className={styles.headerText}>
        {header}
        {description && <div className={styles.description}>{description}</div>}
      </div>
    </div>
  );
}

export function PlainCardFooter({ children }: { children: ReactNode }) {
  return <div className={useStyles().footer}>{children}</div>;
}
