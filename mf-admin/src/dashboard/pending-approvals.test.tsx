// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@medrelay/contracts';
import { renderInRemote, servePages, userFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import { PendingApprovals } from './pending-approvals';

const user = (id: number): User =>
  userFixture(id, { name: `Applicant ${id}`, userType: 'ngo', status: 'pending' });

describe('admin dashboard pending approvals', () => {
  it('shows the first 5 of 70 pending accounts and a "View all" link, asking the server for 5 only', async () => {
    const asked = servePages((url) => {
      const size = Number(url.searchParams.get('pageSize'));
      return { items: Array.from({ length: Math.min(size, 70) }, (_, i) => user(i + 1)), total: 70 };
    });
    await renderInRemote(
      <MemoryRouter>
        <PendingApprovals />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    expect(await screen.findAllByTestId('pending-user')).toHaveLength(5);
    expect(screen.getByRole('link', { name: 'View all 70' }).getAttribute('href')).toBe('/users');
    expect(asked.map((u) => u.searchParams.get('pageSize'))).toEqual(['5']);
  });

  it('has no "View all" when every pending account is shown', async () => {
    servePages(() => ({ items: [user(1), user(2)], total: 2 }));
    await renderInRemote(
      <MemoryRouter>
        <PendingApprovals />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    expect(await screen.findAllByTestId('pending-user')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /View all/ })).toBeNull();
  });

  it('shows why a stale Approve was refused (another admin reviewed it) and refreshes the list', async () => {
    const asked = servePages(() => ({ items: [user(7)], total: 1 }));
    const list = vi.mocked(globalThis.fetch).getMockImplementation()!;
    const calls: string[] = [];
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
      if (init?.method !== 'PUT') return list(input, init);
      return new Response(
        JSON.stringify({
          message: 'User is already rejected',
          code: 'INVALID_TRANSITION',
          details: { from: 'rejected', to: 'approved' },
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    });
    const { toasts } = await renderInRemote(
      <MemoryRouter>
        <PendingApprovals />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ description: 'User is already rejected', intent: 'destructive' });
    // The review endpoint, not a status change; then the pending list is asked again.
    expect(calls).toContain('PUT /api/admin/users/7/approve');
    await waitFor(() => expect(asked).toHaveLength(2));
  });
});
