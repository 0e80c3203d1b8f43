import { useEffect, useState } from 'react';
import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { offlineEvents, refetchLists, urlFromQueryKey, type SavedCopyDetail } from '@medrelay/api-client';
import { cairoDay } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import { useOfflineTexts } from './offline-texts';

/** How often lists shown from saved copies are asked for again while the browser says it is online. */
const retrySavedMs = 10_000;

const useStyles = makeStyles({
  banner: { marginBlockEnd: tokens.spacingVerticalM },
});

/**
 * The lists on screen that came from the device's saved copies (the service worker answered:
 * no connection, or none within a few seconds), by URL with when each was saved. A fresh answer
 * for a URL takes it off; the connection coming back refetches everything, and so does a retry
 * every few seconds while the browser believes it is online.
 */
export function useSavedCopies(): Map<string, string> {
  const client = useQueryClient();
  const [saved, setSaved] = useState<Map<string, string>>(() => new Map());
  useEffect(() => {
    const onSaved = (event: Event) => {
      const { url, savedAt } = (event as CustomEvent<SavedCopyDetail>).detail;
      setSaved((current) => new Map(current).set(url, savedAt));
    };
    const onFresh = (event: Event) => {
      const { url } = (event as CustomEvent<{ url: string }>).detail;
      setSaved((current) => {
        if (!current.has(url)) return current;
        const next = new Map(current);
        next.delete(url);
        return next;
      });
    };
    const onOnline = () => {
      setSaved(new Map());
      void refetchLists(client);
    };
    // A list no screen shows any more (the user moved on) is not "on screen" from a saved copy:
    // only lists still watched stay (one whose query this cache does not know stays too).
    const cache = client.getQueryCache();
    const stopWatching = cache.subscribe((event) => {
      if (event.type !== 'observerRemoved' && event.type !== 'removed') return;
      setSaved((current) => {
        const left = [...current].filter(([url]) => {
          const queries = cache
            .getAll()
            .filter((q) => typeof q.queryKey[0] === 'string' && urlFromQueryKey(q.queryKey) === url);
          return queries.length === 0 || queries.some((q) => q.getObserversCount() > 0);
        });
        return left.length === current.size ? current : new Map(left);
      });
    });
    window.addEventListener(offlineEvents.savedCopy, onSaved);
    window.addEventListener(offlineEvents.freshCopy, onFresh);
    window.addEventListener('online', onOnline);
    return () => {
      stopWatching();
      window.removeEventListener(offlineEvents.savedCopy, onSaved);
      window.removeEventListener(offlineEvents.freshCopy, onFresh);
      window.removeEventListener('online', onOnline);
    };
  }, [client]);
  // A weak connection gives no 'online' event: while saved copies are shown, the screen's lists
  // are asked for again now and then, and a fresh answer takes the banner off.
  const showingSaved = saved.size > 0;
  useEffect(() => {
    if (!showingSaved) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void refetchLists(client);
    }, retrySavedMs);
    return () => clearInterval(timer);
  }, [client, showingSaved]);
  return saved;
}

/**
 * "Offline — saved at 14:05" (Cairo time; with its date when not today) above the screen while
 * it shows saved copies: the oldest one's time.
 */
export function OfflineBanner() {
  const styles = useStyles();
  const { t } = useOfflineTexts();
  const format = useFormat();
  const saved = useSavedCopies();
  if (saved.size === 0) return null;
  const oldest = [...saved.values()].sort()[0]!;
  // A copy from an earlier Cairo day says which day (a week-old "09:05" reads as this morning).
  const title =
    cairoDay(oldest) === cairoDay(new Date())
      ? t('savedAt', { time: format.clock(oldest) })
      : t('savedOn', { date: format.date(oldest), time: format.clock(oldest) });
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.banner} data-testid="offline-banner">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {t('savedAtBody')}
      </MessageBarBody>
    </MessageBar>
  );
}
