import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CardHeadingLevel } from '../components/page-header';

const wrapRow = {
  display: 'flex',
  gap: tokens.spacingHorizontalS,
  alignItems: 'center',
  flexWrap: 'wrap',
} as const;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL },
  // The item a notification link named (`?request=ID`).
  linked: {
    outlineWidth: tokens.strokeWidthThick,
    outlineStyle: 'solid',
    outlineColor: tokens.colorBrandStroke1,
  },
  layout: { display: 'flex', gap: tokens.spacingHorizontalL, alignItems: 'flex-start', flexWrap: 'wrap' },
  // Beside the picture down to a 320 px phone (picture 56 + gap 16 + 180): at 240 px the text went
  // under the picture at 360 px, which then stood alone on a row of its own.
  body: {
    flex: '1 1 180px',
    minWidth: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  title: wrapRow,
  // Under the text on a phone, whatever their width: a narrow set (a row with Custody log alone)
  // stood beside the text and squeezed it to about 210 px of a 390 px screen.
  actions: { ...wrapRow, '@media (max-width: 639px)': { flexBasis: '100%' } },
});

/** Text styles of the lines inside an item card. */
export const useItemTextStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  line: wrapRow,
  prose: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  clamped: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
});

/**
 * Whether the page was opened for this item (`?request=ID`, `?medicine=ID`: the notification
 * centre's links). Read from the address itself: rows render in every remote and in tests
 * without a router.
 */
export function isLinkedItem(name: 'request' | 'medicine', id: number): boolean {
  return new URLSearchParams(globalThis.location?.search ?? '').get(name) === String(id);
}

/**
 * A card a link or the map pointed at: scrolled into view when it becomes the one, marked by an
 * outline and `aria-current`. Spread the result onto the card.
 */
export function useLinkedCard(linked: boolean) {
  const styles = useStyles();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  return {
    ref,
    className: linked ? styles.linked : undefined,
    'aria-current': linked ? ('true' as const) : undefined,
  };
}

/** The card every list item uses (medicines, requests): picture, title with badges, lines, actions. */
export function ItemCard({
  title,
  badges,
  media,
  actions,
  testId,
  linked = false,
  children,
}: {
  title: string;
  badges?: ReactNode;
  media?: ReactNode;
  actions?: ReactNode;
  testId: string;
  /** Marked and scrolled into view: the item a link pointed at. */
  linked?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const level = useContext(CardHeadingLevel);
  const { className, ...link } = useLinkedCard(linked);
  return (
    <Card {...link} className={mergeClasses(styles.card, className)} data-testid={testId} aria-label={title}>
      <div className={styles.layout}>
        {media}
        <div className={styles.body}>
          <div className={styles.title}>
            <Text as={level === 2 ? 'h2' : 'h3'} weight="semibold" size={400}>
              {title}
            </Text>
            {badges}
          </div>
          {children}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </Card>
  );
}
