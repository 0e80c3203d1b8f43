// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { User } from '@medrelay/contracts';
import { renderInRemote, servePages, userFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import UserApprovals from './user-approvals';

const user = (id: number, name: string): User => userFixture(id, { name, userType: 'ngo' });

describe('missed pickups per account', () => {
  it('badges accounts with missed windows in the users list and counts them in the details', async () => {
    const asked = servePages((url) =>
      url.pathname.endsWith('/no-shows')
        ? { items: [{ userId: 2, asRequester: 2, asOwner: 1 }], total: 1 }
        : { items: [user(1, 'Punctual NGO'), user(2, 'Late NGO')], total: 2 },
    );
    await renderInRemote(
      <MemoryRouter>
        <UserApprovals />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    const rows = await screen.findAllByTestId('user-row');
    const late = rows.find((r) => r.textContent?.includes('Late NGO'))!;
    const punctual = rows.find((r) => r.textContent?.includes('Punctual NGO'))!;
    await within(late).findByText('3 missed pickups');
    expect(within(punctual).queryByTestId('no-show-badge')).toBeNull();
    fireEvent.click(within(late).getByRole('button', { name: 'Details' }));
    await within(screen.getByRole('dialog')).findByText('2 as requester, 1 as owner');
    // Only the accounts shown are asked for (the page's, then the one opened), never everyone's.
    const noShowQueries = asked
      .filter((url) => url.pathname === '/api/admin/all-requests/no-shows')
      .map((url) => url.search);
    expect(noShowQueries).toEqual([`?ids=${encodeURIComponent('1,2')}`, '?ids=2']);
  });
});

describe('a user row’s e-mail check', () => {
  it.each(['en', 'ar'] as const)(
    'keeps a gap between the badge and the date beside it (%s)',
    async (language) => {
      servePages((url) =>
        url.pathname.endsWith('/no-shows')
          ? { items: [], total: 0 }
          : { items: [user(1, 'Resala')], total: 1 },
      );
      await renderInRemote(
        <MemoryRouter>
          <UserApprovals />
        </MemoryRouter>,
        { role: 'admin', texts, language },
      );
      const badge = await screen.findByTestId('email-check');
      const date = badge.nextElementSibling as HTMLElement;
      expect(date.textContent).toBe(language === 'en' ? 'Nov 20, 2026' : '20\u200f/11\u200f/2026');
      // happy-dom lays nothing out: the line that holds them spaces its items (checked in Chromium
      // at 390 px, docs/front-end.md). Before, the badge and the date were two inline boxes with
      // nothing between them.
      const line = getComputedStyle(badge.parentElement!);
      expect(line.display).toBe('flex');
      // The theme's spacingHorizontalS.
      expect(line.columnGap).toBe('8px');
    },
  );
});
