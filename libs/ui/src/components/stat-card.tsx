import type { ReactNode } from 'react';
import { Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@medrelay/i18n';
import { ErrorState } from './error-state';

// On a phone the figures are a compact strip (two to a row, no icon or hint), so what one can act
// on is not pushed below four tall cards.
const phone = '@media (max-width: 639px)';

const useStyles = makeStyles({
  card: {
    minWidth: '0',
    padding: tokens.spacingHorizontalL,
    [phone]: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}` },
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  icon: {
    color: tokens.colorBrandForeground1,
    fontSize: tokens.fontSizeHero700,
    display: 'flex',
    [phone]: { display: 'none' },
  },
  value: {
    fontSize: tokens.fontSizeHero700,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightHero700,
    [phone]: { fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  },
  hint: { color: tokens.colorNeutralForeground3, [phone]: { display: 'none' } },
  // A paragraph's own 1em margins made each phone card 130 px tall for a label and a figure.
  text: { [phone]: { marginBlock: 0 } },
});

export function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  hint?: string;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="group" aria-label={label}>
      <div className={styles.row}>
        <div>
          <Text as="p" weight="medium" className={styles.text} block>
            {label}
          </Text>
          <Text as="p" className={mergeClasses(styles.value, styles.text)} data-testid="stat-value" block>
            {value}
          </Text>
          {hint && (
            <Text as="p" size={200} className={styles.hint} block>
              {hint}
            </Text>
          )}
        </div>
        {icon && <span className={styles.icon}>{icon}</span>}
      </div>
    </Card>
  );
}

const useGridStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBlock: tokens.spacingVerticalXL,
    '@media (max-width: 639px)': {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      gap: tokens.spacingHorizontalS,
      marginBlock: tokens.spacingVerticalM,
    },
  },
});

/**
 * Stat cards side by side, wrapping on narrow screens. A group, not a region landmark: screens
 * name their figures and their list alike, and two landmarks of one name confuse (axe).
 */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  const styles = useGridStyles();
  return (
    <div className={styles.grid} role="group" aria-label={label}>
      {children}
    </div>
  );
}

type FigureQuery = Pick<UseQueryResult, 'isError' | 'refetch'>;

/**
 * A stat card's figure: '…' until its data has loaded ('—' when a load behind the figures
 * failed), then the number (or money) in the page's format.
 */
export function useFigure(queries: FigureQuery[] = []) {
  const format = useFormat();
  const failed = queries.some((q) => q.isError);
  return (value: number | undefined, as: (n: number) => string = format.number) =>
    value === undefined ? (failed ? '—' : '…') : as(value);
}

/** Above the stat cards: what failed to load behind them, with a retry of just those loads. */
export function FiguresError({ queries }: { queries: FigureQuery[] }) {
  const { t } = useTranslation('common');
  const failed = queries.filter((q) => q.isError);
  if (!failed.length) return null;
  return (
    <ErrorState
      title={t('figures.failedTitle')}
      body={t('figures.failedBody')}
      onRetry={() => failed.forEach((q) => void q.refetch())}
    />
  );
}
