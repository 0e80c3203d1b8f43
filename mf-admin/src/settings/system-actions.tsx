import { useState } from 'react';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi, downloadFromApi, routeUrl } from '@medrelay/api-client';
import { gatewayEndpoints, requestEndpoints } from '@medrelay/contracts/endpoints';
import { addDays, cairoToday } from '@medrelay/domain/calendar';
import { useNotify } from '@medrelay/ui';

const useStyles = makeStyles({
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  range: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

/** The custody log's CSV for a range of Cairo days, by default the last 30 days. */
function CustodyCsvDownload() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const [to, setTo] = useState(() => cairoToday());
  const [from, setFrom] = useState(() => addDays(cairoToday(), -30));
  const download = useMutation({
    mutationFn: () =>
      downloadFromApi(routeUrl(requestEndpoints.custodyCsv, { query: { from, to } }), 'medrelay-custody.csv'),
    onSuccess: (name) => notify.success(t('settings.exported'), t('settings.exportedBody', { name })),
    onError: (error) => notify.failure(t('settings.exportFailed'), error),
  });
  return (
    <Field hint={t('settings.custodyHint')}>
      <div className={styles.range}>
        <Field label={t('settings.custodyFrom')}>
          <Input type="date" value={from} onChange={(_, data) => setFrom(data.value)} />
        </Field>
        <Field label={t('settings.custodyTo')}>
          <Input type="date" value={to} onChange={(_, data) => setTo(data.value)} />
        </Field>
        <Button disabled={download.isPending || !from || !to} onClick={() => download.mutate()}>
          {t('settings.custodyCsv')}
        </Button>
      </div>
    </Field>
  );
}

/** System Actions (spec §2 System tab): a real export, a real cache clear, Reset System kept disabled. */
export function SystemActions() {
  const styles = useStyles();
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const client = useQueryClient();
  const exportData = useMutation({
    mutationFn: () => downloadFromApi(routeUrl(gatewayEndpoints.exportData), 'medrelay-export.json'),
    onSuccess: (name) => notify.success(t('settings.exported'), t('settings.exportedBody', { name })),
    onError: (error) => notify.failure(t('settings.exportFailed'), error),
  });
  const clearCache = useMutation({
    mutationFn: () => callApi(gatewayEndpoints.clearCache),
    onSuccess: () => {
      // The browser's own copies go too, so every screen reads fresh data.
      void client.invalidateQueries();
      notify.success(t('settings.cacheCleared'), t('settings.cacheClearedBody'));
    },
    onError: (error) => notify.failure(t('settings.cacheFailed'), error),
  });
  return (
    <section className={styles.actions} aria-label={t('settings.actionsTitle')}>
      <Text as="h3" weight="semibold">
        {t('settings.actionsTitle')}
      </Text>
      <Field hint={t('settings.exportHint')}>
        <Button disabled={exportData.isPending} onClick={() => exportData.mutate()}>
          {t('settings.exportData')}
        </Button>
      </Field>
      <CustodyCsvDownload />
      <Field hint={t('settings.clearCacheHint')}>
        <Button disabled={clearCache.isPending} onClick={() => clearCache.mutate()}>
          {t('settings.clearCache')}
        </Button>
      </Field>
      <Field hint={t('settings.resetSystemHint')}>
        <Button disabled>{t('settings.resetSystem')}</Button>
      </Field>
    </section>
  );
}
