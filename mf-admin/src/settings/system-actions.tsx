import { Button, Field, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi, downloadFromApi, routeUrl } from '@medrelay/api-client';
import { gatewayEndpoints } from '@medrelay/contracts/endpoints';
import { useNotify } from '@medrelay/ui';

const useStyles = makeStyles({
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

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
