// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MedicineRequest, PickupPlan } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { PickupOfferDialog, PickupPlanPanel } from './pickup-plan';

afterEach(() => vi.restoreAllMocks());

const dialog = () => within(screen.getByRole('dialog'));
const press = (name: string) => fireEvent.click(dialog().getByRole('button', { name }));
const typeDay = (label: string, value: string) => {
  const input = dialog().getByLabelText(label, { exact: false, selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the pickup offer dialog (issue 18)', () => {
  it('checks windows and the pin as the API does, then offers them with the map link', async () => {
    const onSubmit = vi.fn();
    await renderInRemote(
      <PickupOfferDialog defaultLocation="15 Mesaha Square" onSubmit={onSubmit} onClose={() => {}} />,
    );
    expect((dialog().getByLabelText('Pickup Location', { exact: false }) as HTMLInputElement).value).toBe(
      '15 Mesaha Square',
    );
    press('Offer pickup windows');
    await screen.findByText('Enter a day and from–to times');
    expect(onSubmit).not.toHaveBeenCalled();

    typeDay('Window 1', '01/05/2030');
    const [from, to] = dialog()
      .getAllByRole('combobox')
      .filter((e) => e.tagName === 'SELECT');
    fireEvent.change(from!, { target: { value: '14:00' } });
    fireEvent.change(to!, { target: { value: '13:00' } });
    press('Offer pickup windows');
    await screen.findByText('The window must end after it starts');
    fireEvent.change(to!, { target: { value: '16:00' } });

    fireEvent.change(dialog().getByLabelText('Latitude'), { target: { value: '48.85' } });
    fireEvent.change(dialog().getByLabelText('Longitude'), { target: { value: '2.35' } });
    press('Offer pickup windows');
    await screen.findByText('The map pin must be in Egypt');
    fireEvent.change(dialog().getByLabelText('Latitude'), { target: { value: '30.0385' } });
    fireEvent.change(dialog().getByLabelText('Longitude'), { target: { value: '31.2118' } });

    // Up to three windows.
    press('Add another window');
    press('Add another window');
    expect(dialog().queryByRole('button', { name: 'Add another window' })).toBeNull();
    press('Remove window 3');
    press('Remove window 2');
    press('Offer pickup windows');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        windows: [{ date: '2030-05-01', from: '14:00', to: '16:00' }],
        location: '15 Mesaha Square',
        lat: 30.0385,
        lng: 31.2118,
      }),
    );
    expect(dialog().getByRole('link', { name: 'Open the map (OpenStreetMap)' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118',
    );
  });

  it('speaks Arabic', async () => {
    await renderInRemote(<PickupOfferDialog defaultLocation="" onSubmit={() => {}} onClose={() => {}} />, {
      language: 'ar',
    });
    press('اعرض مواعيد الاستلام');
    await screen.findByText('اكتب اليوم والوقت من–لـ');
    screen.getByText('مكان الاستلام مطلوب');
  });
});

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
    fireEvent.click(await screen.findByRole('radio', { name: '2030-05-02 · 16:00–18:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pick this time' }));
    await screen.findByText('Pickup: 2030-05-02 · 16:00–18:00');
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
              missedAt: '2030-05-01T10:00:00Z',
            }
          : null,
      ),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="owner" />, { language: 'ar' });
    await screen.findByText('ميعاد مقترح من صاحب الطلب: 2030-05-03 · 10:00–12:00');
    screen.getByRole('button', { name: 'وافق على الميعاد المقترح' });
    screen.getByText(/ميعاد الاستلام فات من غير تسليم/);
  });
});
