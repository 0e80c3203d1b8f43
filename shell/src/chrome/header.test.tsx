// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings, type Language, type User } from '@medrelay/contracts';
import { addDays, lastMomentOfCairoDay } from '@medrelay/domain/calendar';
import { describeAroundCairoMidnight } from '@medrelay/testing/clock';
import { renderInRemote } from '@medrelay/ui/test-support';
import { Home24Regular } from '@fluentui/react-icons';
import { AppLayout } from './app-layout';

const mona = {
  id: 3,
  name: 'Mona Adel',
  email: 'mona@example.com',
  userType: 'pharmacy',
  status: 'approved',
} as User;

type Expiring = { id: number; name: string; quantity: number; expiryDate: string };

const expiring = (count: number): Expiring[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Medicine ${i + 1}`,
    quantity: 2,
    expiryDate: new Date(Date.now() + (i + 3) * 24 * 3600 * 1000).toISOString(),
  }));

/** The signed-in chrome at the given width, the bell's answer given. */
async function renderChrome(width: number, language: Language, alerts: number | Expiring[] = 0, unread = 0) {
  // happy-dom answers matchMedia from its viewport: the layout picks drawer or inline sidebar.
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 800,
  });
  const ui: ReactElement = (
    <MemoryRouter initialEntries={['/pharmacy/dashboard']}>
      <AppLayout
        user={mona}
        sidebar={[
          { path: '/pharmacy/dashboard', labelKey: 'common:nav.dashboard', icon: Home24Regular },
          { path: '/pharmacy/medicines', labelKey: 'test:medicines', icon: Home24Regular },
          { path: '/pharmacy/add-medicine', labelKey: 'test:add', icon: Home24Regular },
          { path: '/pharmacy/requests', labelKey: 'test:requests', icon: Home24Regular, useBadge: () => 3 },
          { path: '/pharmacy/browse', labelKey: 'test:browse', icon: Home24Regular },
        ]}
      >
        <p>content</p>
      </AppLayout>
    </MemoryRouter>
  );
  // The server's answers: the session, the caller's expiring stock and unread count.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    asked.push(String(url));
    const path = new URL(String(url), 'http://localhost').pathname;
    if (path === '/api/notifications')
      return new Response('[]', {
        headers: {
          'Content-Type': 'application/json',
          'X-Total-Count': '0',
          'X-Unread-Count': String(unread),
        },
      });
    const body =
      path === '/api/medicines/expiring'
        ? typeof alerts === 'number'
          ? expiring(alerts)
          : alerts
        : path === '/api/auth/me'
          ? mona
          : null;
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), {
      status: body ? 200 : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return renderInRemote(ui, { language, texts: testNav, namespace: 'test' });
}

/** The destinations' names, as a role remote's texts would give them. */
const testNav = {
  en: { medicines: 'My Medicines', add: 'Add Medicine', requests: 'Requests', browse: 'Browse' },
  ar: { medicines: 'أدويتي', add: 'إضافة دواء', requests: 'الطلبات', browse: 'تصفّح' },
};

const banner = () => screen.getByRole('banner');
/** What the page asked the server. */
let asked: string[] = [];
beforeEach(() => {
  asked = [];
});

beforeEach(() => localStorage.setItem('token', 'a-token'));
afterEach(() => vi.restoreAllMocks());

describe('navigation on a 360 px phone: a tab bar', () => {
  it('shows the first destinations as tabs, the active one marked; More opens the full menu, which Escape closes', async () => {
    await renderChrome(360, 'en');
    // No menu button in the header on a phone: the tab bar's More replaces it. Logout stays.
    expect(within(banner()).queryByRole('button', { name: 'Open menu' })).toBeNull();
    within(banner()).getByRole('button', { name: 'Logout' });
    const tabs = screen.getByRole('navigation', { name: 'Main tabs' });
    const names = ['Dashboard', 'My Medicines', 'Add Medicine', 'Requests (3)'];
    expect(within(tabs).getAllByRole('link')).toEqual(
      names.map((name) => within(tabs).getByRole('link', { name })),
    );
    expect(within(tabs).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The count rides on its tab and is read with its name.
    within(tabs).getByRole('link', { name: 'Requests (3)' });

    const more = within(tabs).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
    // Everything is there, the rest of the destinations and Settings included.
    within(drawer).getByRole('link', { name: 'Browse' });
    within(drawer).getByRole('link', { name: 'Settings' });
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes the menu when a link is followed, in Arabic', async () => {
    await renderChrome(360, 'ar');
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'التبويبات الرئيسية' })).getByRole('button', {
        name: 'المزيد',
      }),
    );
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: 'الرئيسية' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page behind is no longer hidden from assistive technology.
    await waitFor(() => within(banner()).getByRole('button', { name: 'تسجيل الخروج' }));
  });

  it('keeps the header menu on a tablet, with no tab bar', async () => {
    await renderChrome(700, 'en');
    within(banner()).getByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main tabs' })).toBeNull();
  });

  it('shows the sidebar as a labelled <nav> landmark on a wide screen, with no menu button', async () => {
    await renderChrome(1280, 'en');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav.tagName).toBe('NAV');
    expect(within(banner()).queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});

describe('the bell (its badge counts unread notifications)', () => {
  it('keeps its count badge inside the button, which does not clip it', async () => {
    await renderChrome(360, 'en', 2, 3);
    const bell = await within(banner()).findByRole('button', {
      name: 'Notifications: 3 unread. Expiry alerts: 2 medicines expiring soon',
    });
    const badge = await within(bell).findByText('3');
    expect(bell.contains(badge)).toBe(true);
    expect(getComputedStyle(bell).overflow).toBe('visible');
  });

  it.each([1, 2, 3, 11])(
    'names %i unread and expiring in Arabic with the digit the badge shows',
    async (count) => {
      await renderChrome(360, 'ar', count, count);
      const bell = await within(banner()).findByRole('button', { name: /^الإشعارات: / });
      await waitFor(() => within(bell).getByText(String(count)));
      const [unread, expiring] = bell.getAttribute('aria-label')!.split('. ');
      expect(unread).toContain(String(count));
      expect(expiring).toMatch(new RegExp(`^تنبيهات الصلاحية: ${count}`));
    },
  );
});

describe("the bell follows the admin's expiry warning window", () => {
  it('lets the server apply the setting and names the window in its group', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();
    const { client } = await renderChrome(1280, 'en', [
      { id: 1, name: 'Three days', quantity: 1, expiryDate: inDays(3) },
      { id: 2, name: 'Nine days', quantity: 1, expiryDate: inDays(9) },
    ]);
    // The public settings as the admin left them.
    act(() => client.setQueryData(['/api/settings'], { ...defaultSettings, expiryWarningDays: 10 }));
    fireEvent.click(await within(banner()).findByRole('button', { name: /Expiry alerts: 2 medicines/ }));
    await screen.findByRole('region', { name: 'Soon (8 to 10 days)' });
    screen.getByRole('region', { name: 'Urgent (7 days or fewer)' });
    // No `days` of its own: the server answers with the current setting.
    expect(asked.filter((url) => url.includes('/api/medicines/expiring'))).toEqual([
      '/api/medicines/expiring',
    ]);
  });
});

describeAroundCairoMidnight('the bell entries (#7)', (at) => {
  it('say the same for two boxes expiring on the same Cairo day, whatever the hour', async () => {
    // The last moment of the Cairo day 5 days ahead, and 23 hours earlier (the same day).
    const late = lastMomentOfCairoDay(addDays(at.cairoDay, 5));
    const early = new Date(late.getTime() - 23 * 3600 * 1000);
    await renderChrome(1280, 'en', [
      { id: 1, name: 'Early box', quantity: 1, expiryDate: early.toISOString() },
      { id: 2, name: 'Late box', quantity: 1, expiryDate: late.toISOString() },
    ]);
    fireEvent.click(await within(banner()).findByRole('button', { name: /Expiry alerts: 2 medicines/ }));
    const entry = async (name: string) => (await screen.findByText(name)).closest('li')!.textContent;
    const [a, b] = [await entry('Early box'), await entry('Late box')];
    expect(a!.replace('Early box', '')).toBe(b!.replace('Late box', ''));
    // The expiry day, and its badge counting today too: never "in 5 days" beside "6 days".
    const expiryDay = new Intl.DateTimeFormat('en-EG', {
      dateStyle: 'medium',
      timeZone: 'Africa/Cairo',
    }).format(late);
    expect(a).toContain(`expires ${expiryDay}`);
    expect(a).toContain('6 days');
    expect(a).not.toMatch(/in \d+ days/);
  });
});

describe('the avatar (#6)', () => {
  it.each(['en', 'ar'] as const)('shows initials in reading order in %s', async (language) => {
    await renderChrome(1280, language);
    expect(within(banner()).getByTestId('user-avatar').textContent).toBe('MA');
  });
});
