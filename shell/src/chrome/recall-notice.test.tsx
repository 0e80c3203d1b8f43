// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language, RecallNotice } from '@medrelay/contracts';
import { renderInRemote } from '@medrelay/ui/test-support';
import { NotificationBell } from './notification-centre';

// a recall notice is acknowledged right from the notification centre.
afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const notice = (acknowledgedAt: string | null): RecallNotice => ({
  recallId: 5,
  gtin: '06221234567891',
  batch: 'C1',
  reason: 'Dissolution failure',
  holdings: [
    { holding: 'collected', medicineId: 7, medicineName: 'Collectol 10mg', requestId: 40, quantity: 10 },
  ],
  notifiedAt: '2026-11-20T10:00:00.000Z',
  acknowledgedAt,
});

function fakeServer() {
  const posted: string[] = [];
  let acknowledged: string | null = null;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/notifications')
      return json(
        [
          {
            id: 1,
            userId: 3,
            type: 'recall-quarantined',
            title: 'Batch recalled',
            message:
              'Collectol 10mg (batch C1) that you collected, quantity 10, is recalled: Dissolution failure.',
            isRead: false,
            createdAt: new Date().toISOString(),
            requestId: 40,
            medicineId: 7,
            recallId: 5,
          },
          {
            id: 2,
            userId: 3,
            type: 'request-approved',
            title: 'Request approved',
            message: 'Your request was approved',
            isRead: false,
            createdAt: new Date().toISOString(),
            requestId: 41,
            medicineId: 8,
          },
        ],
        { 'X-Total-Count': '2', 'X-Unread-Count': '2' },
      );
    if (url.pathname === '/api/recall-notices/my') return json([notice(acknowledged)]);
    if (url.pathname === '/api/recall-notices/5/acknowledge' && method === 'POST') {
      posted.push(url.pathname);
      acknowledged = '2026-11-20T11:00:00.000Z';
      return json(notice(acknowledged));
    }
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
  });
  return posted;
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

async function openBell(language: Language) {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width: 1280,
    height: 800,
  });
  localStorage.setItem('token', 'a-token');
  const posted = fakeServer();
  await renderInRemote(
    <MemoryRouter initialEntries={['/ngo/dashboard']}>
      <NotificationBell role="ngo" />
      <Where />
    </MemoryRouter>,
    { language, role: 'ngo' },
  );
  fireEvent.click(await screen.findByRole('button', { name: /^(Notifications|الإشعارات): / }));
  return posted;
}

describe('acknowledging a recall from the notification centre', () => {
  it('offers "I have set these units aside" under the recall notice only, and records it without leaving', async () => {
    const posted = await openBell('en');
    const [recall, other] = await screen.findAllByTestId('notification');
    const button = await within(recall!).findByRole('button', { name: 'I have set these units aside' });
    expect(within(other!).queryByRole('button')).toBeNull();
    fireEvent.click(button);
    await within(recall!).findByTestId('recall-acknowledged');
    expect(posted).toEqual(['/api/recall-notices/5/acknowledge']);
    expect(screen.getByTestId('where').textContent).toBe('/ngo/dashboard');
  });

  it('says so in Arabic', async () => {
    await openBell('ar');
    const [recall] = await screen.findAllByTestId('notification');
    await within(recall!).findByRole('button', { name: 'شلت الوحدات دي على جنب' });
  });
});
