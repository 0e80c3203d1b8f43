import { makeStyles, tokens } from '@fluentui/react-components';
import { monthStart, type MonthlyReceived } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';

const useStyles = makeStyles({
  svg: { width: '100%', maxWidth: '720px', height: 'auto', display: 'block' },
  pharmacy: { fill: tokens.colorBrandBackground },
  donor: { fill: tokens.colorPaletteMarigoldBackground3 },
  axis: { stroke: tokens.colorNeutralStroke1 },
  label: { fill: tokens.colorNeutralForeground2, fontSize: '12px' },
});

const width = 600;
const height = 240;
const base = 200;
const top = 24;

/** The tallest bar's height in units, rounded up to a tidy number so the scale reads well. */
export function chartMax(months: MonthlyReceived[]): number {
  const max = Math.max(0, ...months.map((m) => m.units.pharmacy + m.units.donor));
  if (max <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

/**
 * Units received per month as stacked bars (pharmacy stock, then donations): a small SVG, so
 * the analytics screen needs no charting library. The months run in the page's direction.
 */
export function MonthlyChart({
  months,
  label,
  rtl,
}: {
  months: MonthlyReceived[];
  label: string;
  rtl: boolean;
}) {
  const styles = useStyles();
  const format = useFormat();
  const max = chartMax(months);
  const slot = width / months.length;
  const barWidth = slot * 0.5;
  const scale = (units: number) => ((base - top) * units) / max;
  const monthName = new Intl.DateTimeFormat(format.locale, { month: 'short' });
  return (
    <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <line className={styles.axis} x1={0} x2={width} y1={base} y2={base} />
      {months.map((m, i) => {
        const x = (rtl ? months.length - 1 - i : i) * slot + (slot - barWidth) / 2;
        const pharmacy = scale(m.units.pharmacy);
        const donor = scale(m.units.donor);
        const total = m.units.pharmacy + m.units.donor;
        return (
          <g key={m.month}>
            <rect className={styles.pharmacy} x={x} width={barWidth} y={base - pharmacy} height={pharmacy} />
            <rect
              className={styles.donor}
              x={x}
              width={barWidth}
              y={base - pharmacy - donor}
              height={donor}
            />
            <text
              className={styles.label}
              x={x + barWidth / 2}
              y={base - pharmacy - donor - 6}
              textAnchor="middle"
            >
              {total ? format.number(total) : ''}
            </text>
            <text className={styles.label} x={x + barWidth / 2} y={base + 20} textAnchor="middle">
              {monthName.format(monthStart(m.month))}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export function useChartColours() {
  return useStyles();
}
