import { useEffect, useState } from 'react';
import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@medrelay/api-client';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { failureText } from '../auth/account-links';
import { useToast } from '../chrome/toasts';
import { usePushTexts } from './push-texts';

const useStyles = makeStyles({
  card: {
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Status = 'checking' | 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';

const devicesKey = [requestEndpoints.myPushSubscriptions.path];
/** How long the browser's push service may take to give a subscription. */
const subscribeTimeoutMs = 15_000;
const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
const keyBytes = (key: string) =>
  Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * "Notifications on this device" (web push): turned on here, the browser registers MedRelay's
 * service worker, asks for permission, subscribes with the platform's key and hands the
 * subscription to svc-requests; turned off, it unsubscribes and the server forgets it.
 */
export function PushCard() {
  const styles = useStyles();
  const { t, i18n } = usePushTexts();
  const toast = useToast();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>(supported() ? 'checking' : 'unsupported');
  const [key, setKey] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const devices = useQuery({
    queryKey: devicesKey,
    queryFn: () => callApi(requestEndpoints.myPushSubscriptions),
    enabled: status === 'on' || status === 'off',
  });

  useEffect(() => {
    if (!supported()) return;
    let gone = false;
    void (async () => {
      try {
        const { publicKey } = await callApi(requestEndpoints.pushKey);
        const subscription = await currentSubscription();
        if (gone) return;
        setKey(publicKey);
        if (!publicKey) setStatus('unavailable');
        else if (subscription) setStatus('on');
        else setStatus(Notification.permission === 'denied' ? 'blocked' : 'off');
      } catch {
        if (!gone) setStatus('unavailable');
      }
    })();
    return () => {
      gone = true;
    };
  }, []);

  /** Runs a change of this device's state: busy meanwhile, a failure said, the list refreshed. */
  const change = async (action: () => Promise<void>) => {
    setWorking(true);
    try {
      await action();
    } catch (error) {
      toast({
        title: t('failed'),
        description: failureText(error, (error as Error).message),
        intent: 'destructive',
      });
    } finally {
      setWorking(false);
      void client.invalidateQueries({ queryKey: devicesKey });
    }
  };

  const turnOn = () =>
    change(async () => {
      if ((await Notification.requestPermission()) !== 'granted') {
        setStatus('blocked');
        return;
      }
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      // Some browsers' push services never answer (no Google services): give up after a while.
      const subscription = await Promise.race([
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key!) }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(t('noAnswer'))), subscribeTimeoutMs),
        ),
      ]);
      await callApi(requestEndpoints.subscribePush, { body: subscription.toJSON() as never });
      setStatus('on');
      toast({ title: t('turnedOn') });
    });

  const turnOff = () =>
    change(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await callApi(requestEndpoints.unsubscribePush, { query: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setStatus('off');
      toast({ title: t('turnedOff') });
    });

  const names = (devices.data ?? []).map((d) => d.device ?? t('unknownDevice'));
  return (
    <Card className={styles.card} data-testid="push-card">
      <Text as="h2" weight="semibold" size={500}>
        {t('title')}
      </Text>
      <Text>{t('intro')}</Text>
      {status === 'unsupported' || status === 'unavailable' || status === 'blocked' ? (
        <Text role="status" className={styles.muted}>
          {t(status)}
        </Text>
      ) : status === 'checking' ? null : (
        <div className={styles.row}>
          <Text role="status">{t(status)}</Text>
          <Button
            appearance={status === 'on' ? 'secondary' : 'primary'}
            disabled={working}
            onClick={status === 'on' ? turnOff : turnOn}
          >
            {working ? t('working') : t(status === 'on' ? 'turnOff' : 'turnOn')}
          </Button>
        </div>
      )}
      {names.length > 0 && (
        <Text size={200} className={styles.muted} data-testid="push-devices">
          {t('devices', { count: names.length, names: names.join(i18n.language === 'ar' ? '، ' : ', ') })}
        </Text>
      )}
    </Card>
  );
}
