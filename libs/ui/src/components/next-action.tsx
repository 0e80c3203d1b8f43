import { Button, Card, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router-dom';

const useStyles = makeStyles({
  card: {
    display: 'flex',
    // A Card lays its children out in a column: in a row the text takes the room left by the
    // button and wraps above it on a phone (in a column, its 14rem basis was a 224 px gap).
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBlockStart: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderInlineStartWidth: '4px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    flex: '1 1 14rem',
  },
  // The placeholder's parts take the room of the title, two lines of text and the button, laid out
  // as the card lays them out (side by side on a wide screen, the button under the text on a phone).
  placeholderText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    flex: '1 1 14rem',
  },
  buttonPlace: { width: '8rem' },
});

/** What a dashboard offers first: the one thing worth doing now, and the button that does it. */
export interface NextStep {
  title: string;
  body?: string;
  action: { to: string; label: string };
}

/**
 * The dashboard's next action, above its figures: "2 requests waiting for your answer · Review",
 * "Add your first medicine · Add medicine". One at a time, chosen by the screen.
 */
export function NextAction({ step, loading = false }: { step: NextStep | null; loading?: boolean }) {
  if (!step) return loading ? <NextActionPlaceholder /> : null;
  return <NextActionCard step={step} />;
}

/**
 * The card's frame while the figures that choose the step load: the step then arrives in place
 * instead of pushing the figures down under a finger (Lighthouse measured a layout shift of 0.24).
 */
function NextActionPlaceholder() {
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-hidden data-testid="next-action-placeholder">
      <Skeleton className={styles.placeholderText}>
        <SkeletonItem size={24} style={{ width: '60%' }} />
        <SkeletonItem size={20} />
        <SkeletonItem size={20} style={{ width: '80%' }} />
      </Skeleton>
      <Skeleton>
        <SkeletonItem size={32} className={styles.buttonPlace} />
      </Skeleton>
    </Card>
  );
}

function NextActionCard({ step }: { step: NextStep }) {
  const styles = useStyles();
  const href = useHref(step.action.to);
  const onClick = useLinkClickHandler(step.action.to);
  return (
    <Card className={styles.card} role="region" aria-label={step.title} data-testid="next-action">
      <div className={styles.text}>
        <Text weight="semibold" size={400}>
          {step.title}
        </Text>
        {step.body && <Text size={300}>{step.body}</Text>}
      </div>
      <Button as="a" appearance="primary" href={href} onClick={onClick}>
        {step.action.label}
      </Button>
    </Card>
  );
}
