// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryFunction } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushSubscriptionInfo } from '@medrelay/contracts';
import { requestEndpoints } from '@medrelay/contracts/endpoints';
import { pushEndpointDigest } from '@medrelay/domain';
import { renderInRemote } from '@medrelay/ui/test-support';
import { PushCard } from './push-card';

const devices: PushSubscriptionInfo[] = [
  {
    id: 12,
    device: 'Chrome 131 · Android',
    createdAt: '2026-03-02T09:00:00.000Z',
    lastPushedAt: null,
    endpointDigest: 'phone',
  },
  {
    id: 9,
    device: null,
    createdAt: '2026-01-20T09:00:00.000Z',
    lastPushedAt: '2026-03-01T09:00:00.000Z',
    endpointDigest: 'laptop',
  },
];

/** The account's devices, as svc-requests lists them. */
const listed: QueryFunction = ({ queryKey }) => {
  expect(queryKey[0]).toBe(requestEndpoints.myPushSubscriptions.path);
  return devices;
};

/**
 * In happy-dom, Fluent's focus trap (Tabster) marks an open dialog aria-hidden a moment after it
 * opens; Chromium does not (the e2e finds its buttons by role). Buttons inside are found anyway.
 */
const hidden = true;

describe('notifications on this device', () => {
  it('says plainly when the browser cannot receive them, and still lists the account’s devices, each removable', async () => {
    expect('PushManager' in window).toBe(false);
    await renderInRemote(<PushCard />, { queryFn: listed });
    screen.getByRole('heading', { name: 'Notifications on this device' });
    screen.getByText(/This browser cannot receive notifications/);
    expect(screen.queryByRole('button', { name: 'Turn on' })).toBeNull();
    const list = await screen.findByTestId('push-devices');
    within(list).getByRole('heading', { name: 'Receiving on 2 devices' });
    const rows = within(list).getAllByTestId('push-device');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chrome 131 · Android'),
      expect.stringContaining('A browser'),
    ]);
    within(rows[0]!).getByText(/not notified yet/);
    // Neither is this browser's: each is removed, after a confirmation that names it.
    expect(screen.queryByText('This device')).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: /^Remove Chrome 131 · Android, added / }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Chrome 131 · Android?' });
    within(dialog).getByText(/stops receiving MedRelay notifications/);
    within(dialog).getByRole('button', { name: 'Remove', hidden });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep', hidden }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('push-device')).toHaveLength(2);
  });

  it('in Arabic', async () => {
    await renderInRemote(<PushCard />, { language: 'ar', queryFn: listed });
    screen.getByRole('heading', { name: 'الإشعارات على الجهاز ده' });
    screen.getByText(/المتصفح ده مش بيستقبل إشعارات/);
    const list = await screen.findByTestId('push-devices');
    within(list).getByRole('heading', { name: 'بتستقبل على جهازين' });
    fireEvent.click(within(list).getByRole('button', { name: /^شيله: متصفح، اتضاف / }));
    const dialog = await screen.findByRole('dialog', { name: 'تشيل متصفح؟' });
    within(dialog).getByText(/مش هيستقبل إشعارات MedRelay تاني/);
    within(dialog).getByRole('button', { name: 'سيبه', hidden });
  });

  it("offers to turn them on where this browser holds someone else's subscription (a shared phone)", async () => {
    // A browser that can receive push, holding a subscription the server lists for no device of
    // this account: the previous person's on this phone.
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    vi.stubGlobal('fetch', async () => Response.json({ publicKey: 'BKey' }));
    const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/previous-user' };
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
      },
    });
    await renderInRemote(<PushCard />, { queryFn: listed });
    await screen.findByText('Off for this device.');
    screen.getByRole('button', { name: 'Turn on' });
    expect(screen.queryByText('This device')).toBeNull();
  });

  it('puts focus on its heading once turned on (the button is gone), not on the page', async () => {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'granted' });
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('key') ? Response.json({ publicKey: 'BKey' }) : Response.json(devices[0], { status: 201 }),
    );
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone',
      toJSON: () => ({
        endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone',
        keys: { p256dh: 'p', auth: 'a' },
      }),
    };
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => undefined,
        register: async () => ({
          pushManager: { getSubscription: async () => null, subscribe: async () => subscription },
        }),
        ready: Promise.resolve(),
      },
    });
    // Once subscribed, the server lists this phone among the account's devices.
    const digest = await pushEndpointDigest(subscription.endpoint);
    const withThisPhone: QueryFunction = () => [
      ...devices,
      { ...devices[0]!, id: 13, endpointDigest: digest },
    ];
    await renderInRemote(<PushCard />, { language: 'ar', queryFn: withThisPhone });
    const turnOn = await screen.findByRole('button', { name: 'شغّلها' });
    turnOn.focus();
    fireEvent.click(turnOn);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'الإشعارات على الجهاز ده' })),
    );
    expect(screen.queryByRole('button', { name: 'شغّلها' })).toBeNull();
  });
});

afterEach(() => vi.unstubAllGlobals());
