import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useHref, useLinkClickHandler } from 'react-router-dom';

const useStyles = makeStyles({
  card: {
    display: 'flex',
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
export function NextAction({ step }: { step: NextStep }) {
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
