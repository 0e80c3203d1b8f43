import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formOutcomesCache, refetchLists, tokenStore } from '@medrelay/api-client';
import { catalogEndpoints, requestEndpoints } from '@medrelay/contracts/endpoints';
import { useToast } from '../chrome/toasts';
import { handOverRenewedPush } from '../settings/push-renewal';
import { useOfflineTexts } from './offline-texts';

/** How soon forms still kept after a sending pass are tried again. */
const retryKeptMs = 5_000;

/** What the worker kept of a form it sent once the connection returned (shell/worker). */
interface FormOutcome {
  key: string;
  /** Whose form it was (the token's subject). */
  user: string | null;
  path: string;
  status: number;
  body: string;
}

function serverMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

/** Which form it was, for the outcome's wording. */
function formKind(path: string): 'Request' | 'Medicine' | 'Form' {
  if (path === requestEndpoints.createRequest.path) return 'Request';
  if (path === catalogEndpoints.createMedicine.path) return 'Medicine';
  return 'Form';
}

/**
 * MedRelay's service worker for every signed-in user (the shell precached, lists saved for a
 * weak connection, forms kept while offline, web push), registered once the first screen is up
 * so it never competes with it. Forms kept while offline: when the connection returns the
 * worker is asked to send them, and each outcome it kept is shown once (one tab shows it).
 */
export function useAppWorker(userId: number) {
  const toast = useToast();
  const client = useQueryClient();
  const { t } = useOfflineTexts();

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let stopped = false;

    const showOutcomes = async () => {
      if (typeof caches === 'undefined') return;
      const outcomes = await caches.open(formOutcomesCache);
      let shown = 0;
      for (const request of await outcomes.keys()) {
        const response = await outcomes.match(request);
        if (!response) continue;
        const outcome = (await response.clone().json()) as FormOutcome;
        // Another user's form waits for that user; deleted by whichever of this user's tabs gets
        // there first, which alone shows it.
        if (outcome.user !== String(userId) || !(await outcomes.delete(request))) continue;
        const kind = formKind(outcome.path);
        if (outcome.status >= 200 && outcome.status < 300) toast({ title: t(`sent${kind}`) });
        else
          toast({
            title: t(`failed${kind}`),
            description: serverMessage(outcome.body) ?? t('failedBody', { status: outcome.status }),
            intent: 'destructive',
          });
        shown++;
      }
      if (shown) await refetchLists(client);
    };

    const sendKept = async () => {
      const registration = await navigator.serviceWorker.ready;
      // With this tab's token: the user's forms kept under an older one go with it.
      const token = tokenStore.get();
      registration.active?.postMessage({
        type: 'medrelay:send-kept-forms',
        authorization: token ? `Bearer ${token}` : null,
      });
    };
    // Forms still kept after a pass (the connection is back only in name, or weak): again soon.
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A push subscription the worker renewed (its push service rotated it) goes to the server.
    const handOverPush = () => void handOverRenewedPush().catch(() => undefined);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; remaining?: number } | null;
      if (data?.type === 'medrelay:form-outcome') void showOutcomes();
      if (data?.type === 'medrelay:push-renewed') handOverPush();
      if (data?.type === 'medrelay:kept-forms' && data.remaining && !stopped) {
        clearTimeout(retry);
        retry = setTimeout(() => {
          if (navigator.onLine) void sendKept();
        }, retryKeptMs);
      }
    };
    const onOnline = () => void sendKept();

    const register = () => {
      if (stopped) return;
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then(() => {
          if (navigator.onLine) void sendKept();
          handOverPush();
          return showOutcomes();
        })
        // A browser that refuses (private mode, policy) still has the app, only not offline.
        .catch(() => undefined);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    window.addEventListener('online', onOnline);
    // After the first screen: once the page has loaded, when the main thread is free.
    const later = () =>
      'requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 0);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      stopped = true;
      clearTimeout(retry);
      navigator.serviceWorker.removeEventListener('message', onMessage);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('load', later);
    };
  }, [client, toast, t, userId]);
}
