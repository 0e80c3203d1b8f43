// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MedicineRequest, PickupPlan } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { PickupPlanPanel } from './pickup-plan';

afterEach(() => vi.restoreAllMocks());

const request = {
  id: 9,
  status: 'approved',
  medicine: { name: 'Concor 5mg' },
} as unknown as MedicineRequest;
const plan: PickupPlan = {
  requestId: 9,
  location: 'Dokki',
  lat: null,
  lng: null,
  mapUrl: null,
  windows: [
    { id: 1, startsAt: '', endsAt: '', date: '2030-05-01', from: '10:00', to: '12:00', proposedBy: 'owner' },
    { id: 2, startsAt: '', endsAt: '', date: '2030-05-02', from: '16:00', to: '18:00', proposedBy: 'owner' },
  ],
  chosenWindowId: null,
  chosen: null,
  proposal: null,
  missedAt: null,
  releasedAt: null,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('the pickup plan panel', () => {
  it('lets the requester pick an offered window', async () => {
    const sent: Array<[string, unknown]> = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      const path = String(url);
      if (init?.method === 'POST') {
        sent.push([path, JSON.parse(String(init.body))]);
        return json({ ...plan, chosenWindowId: 2, chosen: plan.windows[1] });
      }
      return json(path.endsWith('/pickup') ? plan : null);
    });
    const { toasts } = await renderInRemote(<PickupPlanPanel request={request} side="requester" />, {
      role: 'ngo',
    });
    fireEvent.click(await screen.findByRole('radio', { name: '2030-05-02 · \u206616:00–18:00\u2069' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick this time' }));
    await screen.findByText('Pickup: 2030-05-02 · \u206616:00–18:00\u2069');
    expect(sent).toEqual([['/api/requests/9/pickup/choice', { windowId: 2 }]]);
    expect(toasts).toEqual([{ title: 'Pickup time chosen' }]);
  });

  it('stays out of the way of a requester whose owner offered no windows (pickup details only)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...plan, windows: [] }));
    const { client } = await renderInRemote(<PickupPlanPanel request={request} side="requester" />, {
      role: 'ngo',
    });
    await waitFor(() => expect(client.getQueryState(['/api/requests/9/pickup'])?.status).toBe('success'));
    expect(screen.queryByTestId('pickup-plan')).toBeNull();
  });

  it('shows the owner a proposal to accept and a missed window, in Arabic', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      json(
        String(url).endsWith('/pickup')
          ? {
              ...plan,
              proposal: { ...plan.windows[0]!, id: 3, proposedBy: 'requester', date: '2030-05-03' },
              chosenWindowId: 1,
              chosen: plan.windows[0],
              missedAt: '2030-05-01T10:00:00Z',
            }
          : null,
      ),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="owner" />, { language: 'ar' });
    await screen.findByText('ميعاد مقترح من صاحب الطلب: 2030-05-03 · \u206610:00–12:00\u2069');
    screen.getByRole('button', { name: 'وافق على الميعاد المقترح' });
    screen.getByText(/ميعاد الاستلام فات من غير تسليم/);
  });
  it('says no time was agreed when a pickup lapses with none chosen (not that a window passed)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      json(String(url).endsWith('/pickup') ? { ...plan, missedAt: '2030-05-03T22:00:00Z' } : null),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="requester" />);
    await screen.findByText(/No pickup time was agreed in time/);
    expect(screen.queryByText(/The pickup window passed/)).toBeNull();
  });
});
