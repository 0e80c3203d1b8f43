import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Field,
  makeStyles,
  MessageBar,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownload24Regular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile, usePublicSettings } from '@medrelay/api-client';
import {
  defaultReportRange,
  defaultSettings,
  reportRanges,
  requestStatusFigures,
  type AdminStats,
} from '@medrelay/contracts';
import { adminReportCsv, buildAdminReport, platformRates, reportFileName } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import {
  BarChart,
  type BarTone,
  CenteredSpinner,
  ErrorState,
  PageHeader,
  StatCard,
  useRemote,
} from '@medrelay/ui';
import { refetchOnOpen, statsKey } from '../users/keys';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    marginBlockEnd: tokens.spacingVerticalL,
  },
  grow: { flex: '1 1 auto' },
  stale: { opacity: 0.5, pointerEvents: 'none' },
  updating: { justifyContent: 'start', marginBlockEnd: tokens.spacingVerticalM },
  cards: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalL,
    marginBlockEnd: tokens.spacingVerticalL,
  },
  panels: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  panel: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  facts: { margin: '0', paddingInlineStart: tokens.spacingHorizontalXL },
  rates: {
    display: 'grid',
    gridTemplateColumns: '1fr max-content',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    margin: '0',
  },
});

type Range = (typeof reportRanges)[number];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.panel} role="region" aria-label={title}>
      <Text as="h2" size={400} weight="semibold">
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** `/admin/reports`: 'Analytics & Reports' (spec §2) for the chosen time range, with downloads. */
export function Reports() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const { toast } = useRemote();
  const [days, setDays] = useState<Range>(defaultReportRange);
  const stats = useQuery<AdminStats>({
    queryKey: [statsKey[0], { days }],
    placeholderData: keepPreviousData,
    ...refetchOnOpen,
  });

  // While another range loads, the figures on screen belong to the previous range: they are
  // dimmed and cannot be downloaded under the new range's label.
  const stale = stats.isPlaceholderData;
  const ready = Boolean(stats.data) && !stale;

  const download = (extension: 'json' | 'csv') => {
    if (!stats.data || stale) return;
    const now = new Date();
    const report = buildAdminReport(stats.data, days, now);
    const file =
      extension === 'json'
        ? new Blob([JSON.stringify(report, null, 2)], { type: 'application/json' })
        : new Blob([adminReportCsv(report)], { type: 'text/csv;charset=utf-8' });
    saveFile(file, reportFileName(now, extension));
    toast({ title: t('reports.downloaded'), description: reportFileName(now, extension) });
  };

  const toolbar = (
    <div className={styles.toolbar}>
      <Field label={t('reports.range')} hint={t('reports.rangeHint')} className={styles.grow}>
        <Select value={String(days)} onChange={(e) => setDays(Number(e.target.value) as Range)}>
          {reportRanges.map((r) => (
            <option key={r} value={r}>
              {t(`reports.ranges.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        appearance="primary"
        icon={<ArrowDownload24Regular />}
        disabled={!ready}
        onClick={() => download('json')}
      >
        {t('reports.download')}
      </Button>
      <Button icon={<ArrowDownload24Regular />} disabled={!ready} onClick={() => download('csv')}>
        {t('reports.downloadCsv')}
      </Button>
    </div>
  );

  let body;
  if (stats.isPending) body = <CenteredSpinner />;
  else if (stats.isError)
    body = (
      <ErrorState
        title={t('reports.loadFailed')}
        body={stats.error.message}
        onRetry={() => void stats.refetch()}
      />
    );
  else
    body = (
      <div className={stale ? styles.stale : undefined} aria-busy={stale}>
        {stale && <Spinner size="tiny" label={t('reports.updating')} className={styles.updating} />}
        <ReportBody stats={stats.data} />
      </div>
    );

  return (
    <>
      <PageHeader title={t('reports.title')} subtitle={t('reports.subtitle')} />
      {toolbar}
      {body}
    </>
  );
}

function ReportBody({ stats }: { stats: AdminStats }) {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const number = (n: number | null) => (n === null ? '—' : format.number(n));
  const completed = stats.requestStatus?.completed ?? null;
  // The gateway's figure (libs/domain estimatedValueSaved), not computed again here.
  const value = stats.estimatedValueSaved === null ? null : Number(stats.estimatedValueSaved);
  const rates = platformRates(stats);
  const approvedPartners = stats.userStatus
    ? stats.userStatus.approved - (stats.usersByType?.admin ?? 0)
    : null;

  // The window the expiry counts use (the Expiry Warning Days setting), named in their labels.
  const warningDays = usePublicSettings().data?.expiryWarningDays ?? defaultSettings.expiryWarningDays;

  /** One bar chart, or "not available" when the service holding it did not answer. */
  const chart = <K extends string>(
    panel: string,
    data: Record<K, number> | null,
    keys: readonly K[],
    tones?: Partial<Record<K, BarTone>>,
    labelParams?: Record<string, number>,
  ) =>
    data ? (
      <BarChart
        label={t(`reports.panels.${panel}`)}
        data={keys.map((key) => ({
          key,
          label: t(`reports.${panel}.${key}`, labelParams),
          value: data[key],
          display: format.number(data[key]),
          tone: tones?.[key],
        }))}
      />
    ) : (
      <Text>{t('reports.unavailable')}</Text>
    );

  return (
    <>
      {stats.unavailable.length > 0 && (
        <MessageBar intent="warning" style={{ marginBlockEnd: tokens.spacingVerticalL }}>
          {t('reports.partial')}
        </MessageBar>
      )}
      <section className={styles.cards}>
        <StatCard label={t('reports.cards.valueSaved')} value={value === null ? '—' : format.money(value)} />
        <StatCard label={t('reports.cards.totalUsers')} value={number(stats.totalUsers)} />
        <StatCard label={t('reports.cards.totalMedicines')} value={number(stats.totalMedicines)} />
        <StatCard label={t('reports.cards.totalRequests')} value={number(stats.totalRequests)} />
      </section>
      <div className={styles.panels}>
        <Panel title={t('reports.panels.usersByType')}>
          {chart('usersByType', stats.usersByType, ['pharmacy', 'ngo', 'donor', 'admin'] as const)}
        </Panel>
        <Panel title={t('reports.panels.userStatus')}>
          {chart('userStatus', stats.userStatus, ['approved', 'pending', 'rejected'] as const, {
            approved: 'success',
            pending: 'warning',
            rejected: 'danger',
          })}
        </Panel>
        <Panel title={t('reports.panels.medicineSources')}>
          {chart('medicineSources', stats.medicineSources, ['pharmacy', 'donor'] as const)}
        </Panel>
        <Panel title={t('reports.panels.medicineExpiry')}>
          {chart(
            'medicineExpiry',
            stats.medicineExpiry,
            ['fresh', 'expiring', 'expired'] as const,
            { fresh: 'success', expiring: 'warning', expired: 'danger' },
            { days: warningDays },
          )}
        </Panel>
        <Panel title={t('reports.panels.requestStatus')}>
          {chart(
            'requestStatus',
            stats.requestStatus,
            // Every status (a disputed collection and a called-off pickup apart), so the parts add
            // up to Total Requests.
            requestStatusFigures,
            {
              pending: 'warning',
              approved: 'brand',
              rejected: 'danger',
              completed: 'success',
              cancelled: 'neutral',
              disputed: 'danger',
              calledOff: 'warning',
            },
          )}
        </Panel>
        <Panel title={t('reports.panels.impact')}>
          <Text weight="semibold">{t('reports.achievements')}</Text>
          <ul className={styles.facts}>
            {value !== null && completed !== null && (
              <li>{t('reports.achievementValue', { value: format.money(value), count: completed })}</li>
            )}
            {approvedPartners !== null && (
              <li>{t('reports.achievementUsers', { count: approvedPartners })}</li>
            )}
            {stats.totalMedicines !== null && (
              <li>{t('reports.achievementListings', { count: stats.totalMedicines })}</li>
            )}
          </ul>
          <Text weight="semibold">{t('reports.health')}</Text>
          <dl className={styles.rates}>
            {(Object.keys(rates) as (keyof typeof rates)[]).map((key) => (
              <div key={key} style={{ display: 'contents' }}>
                <dt>{t(`reports.rates.${key}`)}</dt>
                <dd style={{ margin: 0 }} data-testid={`rate-${key}`}>
                  {rates[key] === null ? '—' : format.percent(rates[key])}
                </dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title={t('reports.panels.needs')}>
          {stats.needsOpen === null || stats.needsMet === null ? (
            <Text>{t('reports.unavailable')}</Text>
          ) : (
            <dl className={styles.rates}>
              {(
                [
                  ['open', number(stats.needsOpen)],
                  ['met', number(stats.needsMet)],
                  [
                    'medianToFirstRequest',
                    stats.medianHoursToFirstRequest === null
                      ? t('reports.needs.noRequests')
                      : t('reports.needs.hours', { hours: format.number(stats.medianHoursToFirstRequest) }),
                  ],
                ] as const
              ).map(([key, shown]) => (
                <div key={key} style={{ display: 'contents' }}>
                  <dt>{t(`reports.needs.${key}`)}</dt>
                  <dd style={{ margin: 0 }} data-testid={`needs-${key}`}>
                    {shown}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Panel>
      </div>
    </>
  );
}

export default Reports;
