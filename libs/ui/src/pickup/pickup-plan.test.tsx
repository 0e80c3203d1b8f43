// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MedicineRequest, PickupPlan, PickupWindow } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { PickupPlanPanel } from './pickup-plan';

afterEach(() => vi.restoreAllMocks());

const request = {
  id: 9,
  status: 'approved',
  medicine: { name: 'Concor 5mg' },
} as unknown as MedicineRequest;
/** A window as the API sends it: the Cairo day and times, and the instants they name. */
const slot = (id: number, date: string, from: string, to: string): PickupWindow => ({
  id,
  startsAt: `${date}T${from}:00+02:00`,
  endsAt: `${date}T${to}:00+02:00`,
  date,
  from,
  to,
  proposedBy: 'owner',
});
const plan: PickupPlan = {
  requestId: 9,
  location: 'Dokki',
  lat: null,
  lng: null,
  mapUrl: null,
  windows: [
    // 1 December 2026 is a Tuesday; Cairo is UTC+2 in winter.
    slot(1, '2026-12-01', '10:00', '12:00'),
    slot(2, '2026-12-02', '16:00', '18:00'),
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
    // The day written in full as the e-mails write it, not 2026-12-02.
    fireEvent.click(
      await screen.findByRole('radio', { name: 'Wednesday, December 2, 2026 · \u206616:00–18:00\u2069' }),
    );
    screen.getByRole('radio', { name: 'Tuesday, December 1, 2026 · \u206610:00–12:00\u2069' });
    fireEvent.click(screen.getByRole('button', { name: 'Pick this time' }));
    const chosen = await screen.findByText('Pickup: Wednesday, December 2, 2026 · \u206616:00–18:00\u2069');
    expect(sent).toEqual([['/api/requests/9/pickup/choice', { windowId: 2 }]]);
    expect(toasts).toEqual([{ title: 'Pickup time chosen' }]);
    // Its button gone, focus lands on the time now agreed, not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(chosen));
  });

  it('takes the only window offered as picked: Pick this time works at once, in Arabic too', async () => {
    const sent: Array<[string, unknown]> = [];
    const single = { ...plan, windows: [plan.windows[0]!] };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') {
        sent.push([String(url), JSON.parse(String(init.body))]);
        return json({ ...single, chosenWindowId: 1, chosen: single.windows[0] });
      }
      return json(String(url).endsWith('/pickup') ? single : null);
    });
    await renderInRemote(<PickupPlanPanel request={request} side="requester" />, {
      role: 'ngo',
      language: 'ar',
    });
    const radio = await screen.findByRole('radio', {
      name: 'الثلاثاء، 1 ديسمبر 2026 · \u206610:00–12:00\u2069',
    });
    expect((radio as HTMLInputElement).checked).toBe(true);
    const pick = screen.getByRole('button', { name: 'اختار الميعاد ده' });
    expect(pick.hasAttribute('disabled')).toBe(false);
    fireEvent.click(pick);
    await screen.findByText('الاستلام: الثلاثاء، 1 ديسمبر 2026 · \u206610:00–12:00\u2069');
    expect(sent).toEqual([['/api/requests/9/pickup/choice', { windowId: 1 }]]);
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
              proposal: { ...slot(3, '2026-12-03', '10:00', '12:00'), proposedBy: 'requester' },
              chosenWindowId: 1,
              chosen: plan.windows[0],
              missedAt: '2026-12-01T10:00:00Z',
            }
          : null,
      ),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="owner" />, { language: 'ar' });
    // The day in Arabic words with Latin digits; the times isolated left to right.
    await screen.findByText('ميعاد مقترح من صاحب الطلب: الخميس، 3 ديسمبر 2026 · \u206610:00–12:00\u2069');
    screen.getByText('الاستلام: الثلاثاء، 1 ديسمبر 2026 · \u206610:00–12:00\u2069');
    screen.getByRole('button', { name: 'وافق على الميعاد المقترح' });
    screen.getByText(/ميعاد الاستلام فات من غير تسليم/);
  });

  it('writes the day by the Cairo calendar, whatever the instant in UTC', async () => {
    // 00:30 on 2 December in Cairo is still 1 December in UTC.
    const late = slot(4, '2026-12-02', '00:30', '01:30');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...plan, windows: [late] }));
    await renderInRemote(<PickupPlanPanel request={request} side="owner" />);
    await screen.findByText('Offered: Wednesday, December 2, 2026 · \u206600:30–01:30\u2069');
  });

  const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';

  it("shows the owner their pin's map link", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...plan, mapUrl }));
    await renderInRemote(<PickupPlanPanel request={request} side="owner" />);
    const link = await screen.findByRole('link', { name: 'Open the map (OpenStreetMap)' });
    expect(link.getAttribute('href')).toBe(mapUrl);
  });

  it("leaves the requester's map link to the row's pickup details (not shown twice)", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ...plan, mapUrl }));
    await renderInRemote(<PickupPlanPanel request={request} side="requester" />, { role: 'ngo' });
    await screen.findByTestId('pickup-plan');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says no time was agreed when a pickup lapses with none chosen (not that a window passed)', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      json(String(url).endsWith('/pickup') ? { ...plan, missedAt: '2030-05-03T22:00:00Z' } : null),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="requester" />);
    await screen.findByText(/No pickup time was agreed in time/);
    expect(screen.queryByText(/The pickup window passed/)).toBeNull();
  });

  it('says so to a requester whose owner offered no windows too', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      json(
        String(url).endsWith('/pickup') ? { ...plan, windows: [], missedAt: '2030-05-03T22:00:00Z' } : null,
      ),
    );
    await renderInRemote(<PickupPlanPanel request={request} side="requester" />, { role: 'ngo' });
    await screen.findByText(/No pickup time was agreed in time/);
  });
});
