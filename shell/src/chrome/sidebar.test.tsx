// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Box24Regular, Home24Regular } from '@fluentui/react-icons';
import type { SidebarItem } from '@medrelay/ui';
import { renderInRemote } from '@medrelay/ui/test-support';
import { Sidebar } from './sidebar';

const items: SidebarItem[] = [
  { path: '/pharmacy/dashboard', labelKey: 'common:nav.dashboard', icon: Home24Regular },
  { path: '/pharmacy/medicines', labelKey: 'common:nav.dashboard', icon: Box24Regular },
];

const sidebar = (shown: SidebarItem[] | null) => (
  <MemoryRouter initialEntries={['/pharmacy/dashboard']}>
    <Sidebar role="pharmacy" items={shown} onNavigate={() => {}} />
  </MemoryRouter>
);

describe('the sidebar', () => {
  it("shows no link while the role's items load, then all of them at once with Settings last", async () => {
    const { rerender } = await renderInRemote(sidebar(null), { language: 'ar' });
    const nav = screen.getByRole('navigation', { name: 'القايمة الرئيسية' });
    // Settings alone would move down when the items arrive, under a finger already on it.
    expect(within(nav).queryAllByRole('link')).toEqual([]);
    expect(nav.getAttribute('aria-busy')).toBe('true');
    within(nav).getByText('جاري تحميل القايمة…');

    rerender(sidebar(items));
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/pharmacy/dashboard',
      '/pharmacy/medicines',
      '/pharmacy/settings',
    ]);
    expect(links[2]!.textContent).toBe('الإعدادات');
    expect(nav.getAttribute('aria-busy')).toBe('false');
  });

  it('still offers Settings when the remote gave no items (it failed to load)', async () => {
    await renderInRemote(sidebar([]), { language: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Settings']);
  });
});
