// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language, UserType } from '@medrelay/contracts';
import { renderInRemote } from '@medrelay/ui/test-support';
import { NotificationBell } from './notification-centre';
import { notificationLink } from '@medrelay/domain';

interface Row {
  id: number;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  requestId: number | null;
  medicineId: number | null;
}

/** The inbox the fake server holds, newest first; what the page asked it, in order. */
let inbox: Row[] = [];
let asked: string[] = [];

const minutesAgo = (m: number) => new Date(Date.now() - m * 60 * 1000).toISOString();
const row = (id: number, extra: Partial<Row> = {}): Row => ({
  id,
  type: 'request-new',
  title: `New request ${id}`,
  message: `Someone asked for item ${id}`,
  isRead: false,
  createdAt: minutesAgo(id),
  requestId: 100 + id,
  medicineId: 200 + id,
  ...extra,
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** Answers as svc-requests' notification routes do (paging, X-Unread-Count, marking). */
function fakeServer() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    asked.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === '/api/notifications' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 20);
      return json(inbox.slice((page - 1) * size, page * size), {
        'X-Total-Count': String(inbox.length),
        'X-Unread-Count': String(inbox.filter((n) => !n.isRead).length),
      });
    }
    const one = url.pathname.match(/^\/api\/notifications\/(\d+)\/read$/);
    if (one && method === 'PUT') {
      const n = inbox.find((r) => r.id === Number(one[1]))!;
      n.isRead = true;
      return json(n);
    }
    if (url.pathname === '/api/notifications/read-all' && method === 'PUT') {
      const updated = inbox.filter((n) => !n.isRead).length;
      inbox.forEach((n) => (n.isRead = true));
      return json({ updated });
    }
    if (url.pathname === '/api/medicines/expiring') return json([], { 'X-Total-Count': '0' });
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
}

/** Where the router is, shown for the test to read. */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

async function renderBell(width: number, language: Language = 'en', role: UserType = 'pharmacy') {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
  fakeServer();
  return renderInRemote(
    <MemoryRouter initialEntries={[`/${role}/dashboard`]}>
      <header>
        <NotificationBell role={role} />
      </header>
      <Where />
    </MemoryRouter>,
    { language, role },
  );
}

const bell = (name: RegExp | string = /^Notifications: /) => screen.findByRole('button', { name });
const entries = () => screen.getAllByTestId('notification');

beforeEach(() => {
  inbox = [];
  asked = [];
  localStorage.setItem('token', 'a-token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the notification bell', () => {
  it('shows the unread count on the bell and in its name', async () => {
    inbox = [row(1), row(2), row(3, { isRead: true })];
    await renderBell(1280);
    const button = await bell(/^Notifications: 2 unread\. Expiry alerts: 0 medicines expiring soon$/);
    await waitFor(() => within(button).getByText('2'));
    // One small query for the badge, not the whole inbox.
    expect(asked).toContain('GET /api/notifications?pageSize=1');
  });

  it('lists newest first with unread markers and relative times; opening one marks it read and follows its link', async () => {
    inbox = [row(1), row(2, { isRead: true }), row(3)];
    await renderBell(1280);
    fireEvent.click(await bell(/2 unread/));
    const panel = await screen.findByRole('group', { name: 'Notifications' });
    await waitFor(() => expect(entries()).toHaveLength(3));
    expect(entries().map((e) => within(e).getByText(/^New request/).textContent)).toEqual([
      'New request 1',
      'New request 2',
      'New request 3',
    ]);
    expect(within(entries()[0]!).getByText('Unread:')).toBeTruthy();
    expect(within(entries()[1]!).queryByText('Unread:')).toBeNull();
    expect(within(entries()[0]!).getByText('1 minute ago')).toBeTruthy();
    // The exact moment behind it, in Cairo on the 24-hour clock as every other time ('2:05 PM' before).
    expect(within(entries()[0]!).getByText('1 minute ago').getAttribute('title')).toMatch(
      /^\w{3} \d{1,2}, \d{4}, \d{2}:\d{2}$/,
    );
    await within(panel).findByRole('region', { name: 'Expiring soon' });

    const link = await within(entries()[2]!).findByRole('link');
    expect(link.getAttribute('href')).toBe('/pharmacy/requests?request=103');
    fireEvent.click(link);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/pharmacy/requests?request=103'),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Notifications' })).toBeNull());
    expect(asked).toContain('PUT /api/notifications/3/read');
    await bell(/^Notifications: 1 unread/);
  });

  it('does not mark an already read notification again', async () => {
    inbox = [row(1, { isRead: true })];
    await renderBell(1280);
    fireEvent.click(await bell(/0 unread/));
    await waitFor(() => expect(entries()).toHaveLength(1));
    fireEvent.click(await within(entries()[0]!).findByRole('link'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/pharmacy/requests?request=101'),
    );
    expect(asked.filter((a) => a.startsWith('PUT'))).toEqual([]);
  });

  it('marks all as read', async () => {
    inbox = [row(1), row(2)];
    await renderBell(1280);
    fireEvent.click(await bell(/2 unread/));
    await waitFor(() => expect(entries()).toHaveLength(2));
    const markAll = await screen.findByRole('button', { name: 'Mark all as read' });
    markAll.focus();
    fireEvent.click(markAll);
    await waitFor(() => expect(screen.queryAllByText('Unread:')).toHaveLength(0));
    expect(asked).toContain('PUT /api/notifications/read-all');
    await bell(/^Notifications: 0 unread/);
    // Nothing left to mark, and said so; focus stays on it (a disabled button drops it to <body>).
    const done = await screen.findByRole('button', { name: 'Mark all as read' });
    expect(done.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(done);
  });

  it('loads more a page at a time until the end', async () => {
    inbox = Array.from({ length: 23 }, (_, i) => row(i + 1));
    await renderBell(1280);
    fireEvent.click(await bell(/23 unread/));
    await waitFor(() => expect(entries()).toHaveLength(10));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(20));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(asked.filter((a) => a.startsWith('GET /api/notifications?page='))).toEqual([
      'GET /api/notifications?page=1&pageSize=10',
      'GET /api/notifications?page=2&pageSize=10',
      'GET /api/notifications?page=3&pageSize=10',
    ]);
    // The last of the third page is the oldest.
    expect(within(entries()[22]!).getByText('New request 23')).toBeTruthy();
  });

  it('shows a type it does not know with the server texts and a generic link', async () => {
    inbox = [
      row(1, {
        type: 'pickup-reminder-later',
        title: 'Pick up tomorrow',
        message: 'At 10:00',
        requestId: null,
      }),
      row(2, {
        type: 'something-new',
        title: 'Plain news',
        message: 'Hello',
        requestId: null,
        medicineId: null,
      }),
    ];
    await renderBell(1280);
    fireEvent.click(await bell(/2 unread/));
    await screen.findByText('Pick up tomorrow');
    screen.getByText('At 10:00');
    expect((await within(entries()[0]!).findByRole('link')).getAttribute('href')).toBe(
      '/pharmacy/medicines?medicine=201',
    );
    expect((await within(entries()[1]!).findByRole('link')).getAttribute('href')).toBe('/pharmacy/dashboard');
  });

  it('brings the badge up to date when the panel opens', async () => {
    inbox = [row(2)];
    await renderBell(1280);
    fireEvent.click(await bell(/1 unread/));
    await waitFor(() => expect(entries()).toHaveLength(1));
    fireEvent.click(await bell(/1 unread/));
    await waitFor(() => expect(screen.queryByTestId('notification')).toBeNull());
    inbox.unshift(row(1));
    fireEvent.click(await bell(/1 unread/));
    await waitFor(() => expect(entries()).toHaveLength(2));
    await bell(/^Notifications: 2 unread/);
  });

  it('says so when there is nothing yet', async () => {
    await renderBell(1280);
    fireEvent.click(await bell(/0 unread/));
    await screen.findByText('No notifications yet');
  });

  it('is a full-screen sheet on a 390 px phone, in Arabic, closed by its button', async () => {
    inbox = [row(1, { title: 'طلب جديد', message: 'جمعية طلبت 3 وحدات' })];
    await renderBell(390, 'ar', 'ngo');
    // No expiry part for an NGO: it owns no stock.
    const button = await bell(/^الإشعارات: 1 إشعار جديد$/);
    fireEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'الإشعارات' });
    expect(sheet.getAttribute('aria-modal')).toBe('true');
    await within(sheet).findByText('طلب جديد');
    // happy-dom lets Fluent's focus trap (tabster) mark the open sheet itself aria-hidden once its
    // content changes, which Chromium does not (the e2e step reads the sheet by role at 390 px):
    // inside it, roles are read with `hidden: true`.
    const hidden = { hidden: true } as const;
    expect(within(sheet).getByText('جديد:')).toBeTruthy();
    expect(within(sheet).getByRole('link', hidden).getAttribute('href')).toBe('/ngo/requests?request=101');
    expect(within(sheet).queryByRole('region', hidden)).toBeNull();
    within(sheet).getByRole('button', { name: 'علّم الكل كمقروء', ...hidden });
    // The sheet's header carries the title (no blank band at its top), once.
    expect(within(sheet).getAllByRole('heading', { name: 'الإشعارات', ...hidden })).toHaveLength(1);
    expect(sheet.querySelector('.fui-DrawerHeaderTitle')!.textContent).toContain('الإشعارات');
    fireEvent.click(within(sheet).getByRole('button', { name: 'اقفل الإشعارات', ...hidden }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
  });

  it('asks for the count again when the window regains focus, not in a loop', async () => {
    inbox = [row(1)];
    await renderBell(1280);
    await bell(/1 unread/);
    const counted = () => asked.filter((a) => a === 'GET /api/notifications?pageSize=1').length;
    expect(counted()).toBe(1);
    inbox.push(row(2));
    vi.useFakeTimers({ toFake: ['Date'] });
    // Past the half-minute the answer stays fresh for.
    vi.setSystemTime(Date.now() + 31_000);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await bell(/2 unread/);
    vi.useRealTimers();
    expect(counted()).toBe(2);
  });
});

describe('notification links', () => {
  const n = (type: string, requestId: number | null, medicineId: number | null) => ({
    type,
    requestId,
    medicineId,
  });
  it.each([
    ['pharmacy', n('request-new', 4, 9), '/pharmacy/requests?request=4'],
    ['ngo', n('request-approved', 4, 9), '/ngo/requests?request=4'],
    ['donor', n('request-cancelled', 4, 9), '/donor/requests?request=4'],
    ['admin', n('request-completed', 4, 9), '/admin/transactions?request=4'],
    ['pharmacy', n('expiry-alert', null, 9), '/pharmacy/medicines?medicine=9'],
    ['donor', n('recall-quarantined', null, 9), '/donor/donations?medicine=9'],
    // A match opens the listing with its request ready, wherever it ranks under its need.
    ['ngo', n('need-match', null, 9), '/ngo/browse?medicine=9&request=1'],
    ['pharmacy', n('need-match', null, 9), '/pharmacy/browse?medicine=9&request=1'],
    ['ngo', { ...n('need-match', null, 9), quantity: 6 }, '/ngo/browse?medicine=9&request=1&quantity=6'],
    ['ngo', n('need-met', null, null), '/ngo/needs'],
    ['pharmacy', n('need-reopened', null, null), '/pharmacy/wanted'],
    ['ngo', n('something-else', null, null), '/ngo/dashboard'],
  ] as const)('%s: %o → %s', (role, notification, link) => {
    expect(notificationLink(notification, role)).toBe(link);
  });
});
