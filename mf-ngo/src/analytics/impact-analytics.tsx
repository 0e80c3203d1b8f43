import { Card, makeStyles, Text, tokens, useFluent } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRequestSummary } from '@medrelay/api-client';
import { medicineSources, type MedicineSource } from '@medrelay/contracts';
import { monthStart } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import { EmptyState, PageHeader, QueryGate, SectionHeader, StatCard, StatGrid } from '@medrelay/ui';
import { MonthlyChart, useChartColours } from './monthly-chart';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  legend: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  key: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  // A plain table: Fluent's Table would add about 25 KB (gzip) to this screen for six rows.
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    maxWidth: '720px',
    '& th, & td': {
      textAlign: 'start',
      paddingBlock: tokens.spacingVerticalS,
      paddingInline: tokens.spacingHorizontalS,
      borderBlockEndWidth: tokens.strokeWidthThin,
      borderBlockEndStyle: 'solid',
      borderBlockEndColor: tokens.colorNeutralStroke2,
    },
    '& th': { fontWeight: tokens.fontWeightSemibold },
  },
});

/** Months shown in the chart and the table. */
const monthsShown = 6;

function Legend() {
  const styles = useStyles();
  const colours = useChartColours();
  const { t } = useTranslation('common');
  return (
    <div className={styles.legend}>
      {medicineSources.map((source) => (
        <span key={source} className={styles.key}>
          <svg width="12" height="12" aria-hidden>
            <rect width="12" height="12" className={colours[source]} />
          </svg>
          <Text size={200}>{t(`source.${source}`)}</Text>
        </span>
      ))}
    </div>
  );
}

/** `/ngo/analytics`: received quantities, estimated value and sources over time (completed requests). */
export default function ImpactAnalytics() {
  const styles = useStyles();
  const { t } = useTranslation('ngo');
  const format = useFormat();
  const rtl = useFluent().dir === 'rtl';
  // Counted by the server: units, value and months from SQL groups, not from a downloaded list.
  const requests = useRequestSummary({ fresh: true });
  const monthName = new Intl.DateTimeFormat(format.locale, { month: 'long', year: 'numeric' });
  return (
    <>
      <PageHeader title={t('analytics.title')} subtitle={t('analytics.subtitle')} />
      <QueryGate query={requests} failedTitle={t('analytics.loadFailed')}>
        {({ received: summary, receivedByMonth }) => {
          if (!summary.units) return <EmptyState title={t('analytics.empty')} />;
          const months = receivedByMonth.slice(-monthsShown);
          const share = (source: MedicineSource) =>
            t('analytics.share', {
              units: format.number(summary.bySource[source]),
              percent: format.percent((100 * summary.bySource[source]) / summary.units),
            });
          return (
            <>
              <StatGrid label={t('analytics.title')}>
                <StatCard label={t('dashboard.received')} value={format.number(summary.units)} />
                <StatCard label={t('dashboard.patients')} value={format.number(summary.patientsServed)} />
                <StatCard
                  label={t('dashboard.value')}
                  value={format.money(summary.estimatedValue)}
                  hint={
                    summary.unpricedUnits
                      ? t('analytics.unpriced', { count: summary.unpricedUnits })
                      : undefined
                  }
                />
              </StatGrid>
              <SectionHeader title={t('analytics.monthly')} />
              <Card className={styles.card}>
                <Legend />
                <MonthlyChart months={months} label={t('analytics.monthlyChart')} rtl={rtl} />
                <table className={styles.table} aria-label={t('analytics.monthly')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.month')}</th>
                      {medicineSources.map((source) => (
                        <th scope="col" key={source}>
                          {t(`common:source.${source}`)}
                        </th>
                      ))}
                      <th scope="col">{t('analytics.value')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {months.map((m) => (
                      <tr key={m.month}>
                        <th scope="row">{monthName.format(monthStart(m.month))}</th>
                        {medicineSources.map((source) => (
                          <td key={source}>{format.number(m.units[source])}</td>
                        ))}
                        <td>{format.money(m.value)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </Card>
              <SectionHeader title={t('analytics.sources')} />
              <StatGrid label={t('analytics.sources')}>
                {medicineSources.map((source) => (
                  <StatCard key={source} label={t(`common:source.${source}`)} value={share(source)} />
                ))}
              </StatGrid>
            </>
          );
        }}
      </QueryGate>
    </>
  );
}
