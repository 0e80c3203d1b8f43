import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@medrelay/api-client';
import type { PushSubscriptionInfo } from '@medrelay/contracts';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { pushEndpointDigest } from '@medrelay/domain';
import { useFormat } from '@medrelay/i18n';
import { ConfirmDialog } from '@medrelay/ui';
import { failureText } from '../auth/account-links';
import { useToast } from '../chrome/toasts';
import { landFocus } from '../security/card-list';
import { rememberRegisteredPush } from './push-renewal';
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
  devices: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  device: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
  },
  // The name and dates take the room; the button wraps under them on a narrow phone.
  deviceText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    minWidth: 0,
    flexGrow: 1,
    flexBasis: '12rem',
  },
  deviceName: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
  },
});

type Status = 'checking' | 'unsupported' | 'unavailable' | 'blocked' | 'off' | 'on';
type Device = PushSubscriptionInfo;

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
 * subscription to svc-requests. Below, every device of the account that receives them, each
 * removable after a confirmation: this one stops here (unsubscribed, forgotten by the server),
 * another is removed by its id (a lost phone, from the laptop). A browser that cannot receive
 * push still lists and removes the others.
 */
export function PushCard() {
  const styles = useStyles();
  const { t } = usePushTexts();
  const toast = useToast();
  const client = useQueryClient();
  const [status, setStatus] = useState<Status>(supported() ? 'checking' : 'unsupported');
  const [key, setKey] = useState<string | null>(null);
  /** This browser's subscription as the list names it (its endpoint's digest), if it has one. */
  const [own, setOwn] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  // Loaded by the client's default loader, which reads the path from the key.
  const devices = useQuery<Device[]>({ queryKey: devicesKey, enabled: status !== 'checking' });

  useEffect(() => {
    if (!supported()) return;
    let gone = false;
    void (async () => {
      try {
        const { publicKey } = await callApi(requestEndpoints.pushKey);
        const subscription = await currentSubscription();
        const digest = subscription ? await pushEndpointDigest(subscription.endpoint) : null;
        if (gone) return;
        setKey(publicKey);
        setOwn(digest);
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

  /**
   * Runs a change of a device: busy meanwhile (its buttons stay focusable), a failure said, the
   * list refreshed. Done, focus lands on the card's heading once the list is read again (after a
   * confirmation dialog gave it back to its button): the pressed button (or its row) is gone, and
   * focus fell to the page's body.
   */
  const change = async (action: () => Promise<void>, failed = t('failed')) => {
    setWorking(true);
    let done = false;
    try {
      await action();
      done = true;
    } catch (error) {
      toast({
        title: failed,
        description: failureText(error, (error as Error).message),
        intent: 'destructive',
      });
    } finally {
      setWorking(false);
      await client.invalidateQueries({ queryKey: devicesKey });
      if (done) landFocus(card.current, 'h2');
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
      // A subscription this browser kept that the server does not list for this user (another
      // user's on a shared phone, or one its push service dropped) is replaced by a fresh one.
      await (await registration.pushManager.getSubscription())?.unsubscribe();
      // Some browsers' push services never answer (no Google services): give up after a while.
      const subscription = await Promise.race([
        registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key!) }),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(t('noAnswer'))), subscribeTimeoutMs),
        ),
      ]);
      await callApi(requestEndpoints.subscribePush, { body: subscription.toJSON() as never });
      const digest = await pushEndpointDigest(subscription.endpoint);
      rememberRegisteredPush(digest);
      setOwn(digest);
      setStatus('on');
      toast({ title: t('turnedOn') });
    });

  const stopHere = () =>
    change(async () => {
      const subscription = await currentSubscription();
      if (subscription) {
        await callApi(requestEndpoints.unsubscribePush, { query: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      rememberRegisteredPush(null);
      setOwn(null);
      setStatus('off');
      toast({ title: t('turnedOff') });
    }, t('stopFailed'));

  const remove = (device: Device) =>
    change(async () => {
      await callApi(requestEndpoints.removePushSubscription, { params: { id: device.id } });
      toast({ title: t('removed', { device: device.device ?? t('unknownDevice') }) });
    }, t('removeFailed'));

  const list = devices.data ?? [];
  const ownListed = list.some((d) => d.endpointDigest === own);
  // On in this browser but not for this user (someone else signed in here before, or the push
  // service dropped it): off for them, and they may turn it on.
  const shown: Status = status === 'on' && devices.data && !ownListed ? 'off' : status;
  return (
    <Card ref={card} className={styles.card} data-testid="push-card">
      <Text as="h2" weight="semibold" size={500}>
        {t('title')}
      </Text>
      <Text>{t('intro')}</Text>
      {shown === 'unsupported' || shown === 'unavailable' || shown === 'blocked' ? (
        <Text role="status" className={styles.muted}>
          {t(shown)}
        </Text>
      ) : shown === 'checking' ? null : (
        <div className={styles.row}>
          <Text role="status">{t(shown)}</Text>
          {shown === 'off' && (
            <Button appearance="primary" disabledFocusable={working} onClick={turnOn}>
              {working ? t('working') : t('turnOn')}
            </Button>
          )}
        </div>
      )}
      {list.length > 0 && (
        <section aria-labelledby="push-devices-title" data-testid="push-devices">
          <Text as="h3" weight="semibold" id="push-devices-title">
            {t('devicesTitle', { count: list.length })}
          </Text>
          <ul className={styles.devices}>
            {list.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                here={device.endpointDigest === own}
                working={working}
                onStopHere={stopHere}
                onRemove={() => void remove(device)}
              />
            ))}
          </ul>
        </section>
      )}
    </Card>
  );
}

function StopHereButton({ working, onConfirm }: { working: boolean; onConfirm: () => void }) {
  const { t } = usePushTexts();
  return (
    <ConfirmDialog
      trigger={<Button disabledFocusable={working}>{working ? t('working') : t('stopHere')}</Button>}
      title={t('stopHereTitle')}
      body={t('stopHereBody')}
      confirmLabel={t('stopHere')}
      dismissLabel={t('keep')}
      onConfirm={onConfirm}
    />
  );
}

/** One device that receives push: what it is, since when, when last reached, and its way out. */
function DeviceRow({
  device,
  here,
  working,
  onStopHere,
  onRemove,
}: {
  device: Device;
  here: boolean;
  working: boolean;
  onStopHere: () => void;
  onRemove: () => void;
}) {
  const styles = useStyles();
  const { t } = usePushTexts();
  const format = useFormat();
  const name = device.device ?? t('unknownDevice');
  const added = format.date(device.createdAt);
  return (
    <li className={styles.device} data-testid="push-device">
      <div className={styles.deviceText}>
        <span className={styles.deviceName}>
          <Text weight="semibold">{name}</Text>
          {here && (
            <Badge appearance="tint" color="brand">
              {t('thisDevice')}
            </Badge>
          )}
        </span>
        <Text size={200} className={styles.muted}>
          {t('added', { date: added })}
          {' · '}
          {device.lastPushedAt
            ? t('lastReached', { when: format.relative(device.lastPushedAt) })
            : t('neverReached')}
        </Text>
      </div>
      {here ? (
        <StopHereButton working={working} onConfirm={onStopHere} />
      ) : (
        <ConfirmDialog
          trigger={
            <Button disabledFocusable={working} aria-label={t('removeNamed', { device: name, date: added })}>
              {t('remove')}
            </Button>
          }
          title={t('removeTitle', { device: name })}
          body={t('removeBody', { date: added })}
          confirmLabel={t('remove')}
          dismissLabel={t('keep')}
          onConfirm={onRemove}
        />
      )}
    </li>
  );
}
