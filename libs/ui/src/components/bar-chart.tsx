import { makeStyles, Text, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: '0', padding: '0', display: 'grid', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(90px, 35%) 1fr max-content',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  track: {
    height: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  // Widths are set inline; the bar grows from the inline start, so it mirrors in RTL by itself.
  bar: {
    height: '100%',
    borderRadius: tokens.borderRadiusMedium,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
  },
});

/** Fluent palette tokens, so charts follow the theme (and high contrast). */
const palette = [
  tokens.colorBrandBackground,
  tokens.colorPaletteGreenBackground3,
  tokens.colorPaletteMarigoldBackground3,
  tokens.colorPaletteRedBackground3,
  tokens.colorPaletteBerryBackground3,
];

/** Colours that mean something (a status), instead of the next palette colour. */
const tones = {
  brand: tokens.colorBrandBackground,
  success: tokens.colorPaletteGreenBackground3,
  warning: tokens.colorPaletteMarigoldBackground3,
  danger: tokens.colorPaletteRedBackground3,
  neutral: tokens.colorNeutralForeground3,
} as const;
export type BarTone = keyof typeof tones;

export interface BarChartDatum {
  key: string;
  label: string;
  value: number;
  tone?: BarTone;
  /** The figure as shown (formatted for the language); defaults to the number. */
  display?: string;
}

/**
 * A horizontal bar chart for small breakdowns (a few categories). Hand-written: a charting
 * library would add about 100 KB gzipped to the reports screen for five bar lists.
 */
export function BarChart({ data, label }: { data: BarChartDatum[]; label: string }) {
  const styles = useStyles();
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <ul className={styles.list} aria-label={label}>
      {data.map((d, i) => (
        <li key={d.key} className={styles.row} data-testid={`bar-${d.key}`}>
          <Text>{d.label}</Text>
          <div
            className={styles.track}
            role="meter"
            aria-label={d.label}
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={d.value}
          >
            <div
              className={styles.bar}
              style={{
                width: `${(d.value / max) * 100}%`,
                backgroundColor: d.tone ? tones[d.tone] : palette[i % palette.length],
              }}
            />
          </div>
          <Text weight="semibold">{d.display ?? String(d.value)}</Text>
        </li>
      ))}
    </ul>
  );
}
