// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';
import type { MedicineRequest } from '@medrelay/contracts';
import { medicineFixture, renderInRemote } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Requests from './requests';

afterEach(() => vi.restoreAllMocks());

const pending = (id: number, name: string): MedicineRequest => {
  const {
    pharmacy: _p,
    donor: _d,
    reservedQuantity: _r,
    createdAt: _c,
    updatedAt: _u,
    ...medicine
  } = medicineFixture({ id, name });
  return {
    id,
    medicineId: id,
    requesterId: 2,
    providerId: 1,
    status: 'pending',
    quantity: 2,
    notes: null,
    pickupLocation: null,
    pickupDate: null,
    unitPrice: null,
    originalUnitPrice: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    direction: 'incoming',
    medicine,
    requester: { id: 2, name: 'Shubra NGO', userType: 'ngo' },
    provider: { id: 1, name: 'Test user', userType: 'pharmacy' },
    contact: null,
    recallHold: null,
    closedReason: null,
    recallQuarantine: null,
    handover: null,
  };
};

/** The pickup plan of an approved request whose owner offered no windows. */
const noWindows = {
  requestId: 3,
  location: null,
  lat: null,
  lng: null,
  mapUrl: null,
  windows: [],
  chosenWindowId: null,
  chosen: null,
  proposal: null,
  missedAt: null,
  releasedAt: null,
};

/** The server: pages of `server` filtered as asked, decisions remove the request from pending. */
let server: MedicineRequest[] = [];
let asked: string[] = [];
/** The bodies of the status changes sent. */
let decided: unknown[] = [];
beforeEach(() => {
  tokenStore.set('token');
  asked = [];
  decided = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const json = (body: unknown, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ...headers },
      });
    if (init?.method === 'PUT') {
      decided.push(JSON.parse(String(init.body)));
      const id = Number(url.pathname.match(/requests\/(\d+)/)![1]);
      server = server.filter((r) => r.id !== id);
      return json({});
    }
    if (url.pathname === '/api/requests/my/summary') return json({});
    if (url.pathname.endsWith('/pickup')) return json(noWindows);
    asked.push(url.search);
    const q = url.searchParams;
    const statuses = q.get('status')?.split(',');
    const rows = server.filter(
      (r) => r.direction === q.get('direction') && (!statuses || statuses.includes(r.status)),
    );
    const page = Number(q.get('page') ?? 1);
    const size = Number(q.get('pageSize') ?? 20);
    return json(rows.slice((page - 1) * size, page * size), { 'X-Total-Count': String(rows.length) });
  });
});
afterEach(() => tokenStore.clear());

const renderScreen = () =>
  renderInRemote(
    <MemoryRouter>
      <Requests />
    </MemoryRouter>,
    { texts },
  );

describe('pharmacy Requests: focus after a decision', () => {
  it('moves to the next request’s first action, then to the section heading when none is left', async () => {
    server = [pending(1, 'Concor 5mg'), pending(2, 'Panadol')];
    await renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject: Concor 5mg' }));
    const next = await screen.findByRole('button', { name: 'Approve: Panadol' });
    await waitFor(() => expect(document.activeElement).toBe(next));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reject: Concor 5mg' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Reject: Panadol' }));
    await screen.findByText('No pending requests');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pending Requests' })),
    );
  });
});

describe('pharmacy Requests: each section pages on the server', () => {
  it('asks for pending ones only, ten at a time, and moves through the pages', async () => {
    server = Array.from({ length: 23 }, (_, i) => pending(i + 1, `Medicine ${i + 1}`));
    await renderScreen();
    const section = await screen.findByRole('region', { name: 'Pending Requests' });
    await within(section).findByRole('button', { name: 'Approve: Medicine 10' });
    expect(within(section).queryByRole('button', { name: 'Approve: Medicine 11' })).toBeNull();
    expect(asked).toContain('?direction=incoming&page=1&pageSize=10&status=pending');
    const pager = screen.getAllByRole('navigation', { name: 'Pages' })[0]!;
    within(pager).getByText('Page 1 of 3');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await within(section).findByRole('button', { name: 'Approve: Medicine 11' });
    within(pager).getByText('Page 2 of 3');
    expect(asked).toContain('?direction=incoming&page=2&pageSize=10&status=pending');
    // The other sections asked for their own rows: none here.
    expect(screen.getByText('No past requests yet')).toBeTruthy();
    // The history asks for every answer, a pickup called off among them (filtered apart from the
    // rejected and cancelled, as its badge reads).
    expect(asked).toContain(
      '?direction=incoming&page=1&pageSize=10&status=approved%2Crejected%2Ccompleted%2Ccancelled%2CcalledOff',
    );
  });
});

describe('pharmacy Requests: a transfer it asked for, approved without pickup windows', () => {
  it('says where to collect it: the area and a map link, in both languages', async () => {
    const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';
    server = [
      {
        ...pending(3, 'Concor 5mg'),
        status: 'approved',
        direction: 'outgoing',
        pickupPlace: { area: 'dokki', governorate: 'giza' },
        pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
      },
    ];
    const { i18n } = await renderScreen();
    const section = await screen.findByRole('region', { name: 'Your Transfer Requests' });
    const info = await within(section).findByTestId('pickup-info');
    expect(info.textContent).toContain('Area: Dokki, Giza');
    expect(
      within(section).getByRole('link', { name: 'Open the map (OpenStreetMap)' }).getAttribute('href'),
    ).toBe(mapUrl);
    await act(() => i18n.changeLanguage('ar'));
    expect(within(section).getByTestId('pickup-info').textContent).toContain('المنطقة: الدقي، الجيزة');
    within(section).getByRole('link', { name: 'افتح الخريطة (OpenStreetMap)' });
  });
});

describe('pharmacy Requests: the money of a request on its listing', () => {
  /** A pending request for 2 units of a listing at EGP 35.00 a unit (the fixture's prices). */
  const sum = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

  it('shows the current total on the row and the total being approved in the approve dialog', async () => {
    server = [pending(1, 'Concor 5mg')];
    await renderScreen();
    const section = await screen.findByRole('region', { name: 'Pending Requests' });
    await within(section).findByRole('button', { name: 'Approve: Concor 5mg' });
    expect(sum(within(section).getByTestId('request-price').textContent)).toBe(
      'Current price: \u20662 × \u2068EGP 35.00\u2069 = \u2068EGP 70.00\u2069\u2069 (fixed on approval)',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Approve: Concor 5mg' }));
    const dialog = await screen.findByRole('dialog');
    expect(sum(within(dialog).getByTestId('approval-total').textContent)).toBe(
      'You are approving 2 units of Concor 5mg at the current price: \u20662 × \u2068EGP 35.00\u2069 = \u2068EGP 70.00\u2069\u2069. This is what the requester pays; it is recorded with the approval.',
    );
  });

  it('in Arabic, with the units’ plural form; a free listing says so', async () => {
    server = [
      pending(1, 'Concor 5mg'),
      {
        ...pending(2, 'Panadol'),
        quantity: 3,
        medicine: { ...pending(2, 'Panadol').medicine!, discountPrice: null },
      },
    ];
    const { i18n } = await renderScreen();
    await act(() => i18n.changeLanguage('ar'));
    const section = await screen.findByRole('region', { name: 'طلبات مستنية' });
    fireEvent.click(await within(section).findByRole('button', { name: 'موافقة: Concor 5mg' }));
    let dialog = await screen.findByRole('dialog');
    expect(sum(within(dialog).getByTestId('approval-total').textContent)).toMatch(
      /^انت بتوافق على وحدتين من Concor 5mg\. صاحب الطلب هيدفع \u20662 × \u2068\u200f?35\.00 ج\.م\.\u200f?\u2069 = \u2068\u200f?70\.00 ج\.م\.\u200f?\u2069\u2069 بالسعر الحالي، والمبلغ ده بيتسجّل مع الموافقة\.$/,
    );
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(section).getByRole('button', { name: 'موافقة: Panadol' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('approval-total').textContent).toBe(
      'انت بتوافق على 3 وحدات من Panadol مجاناً.',
    );
  });
});

describe('pharmacy Requests: fewer units left than asked', () => {
  it('approves what is left (or fewer), saying so, and sends the units approved', async () => {
    const short = pending(7, 'Eltroxin 50mcg');
    server = [{ ...short, quantity: 6, medicine: { ...short.medicine!, quantity: 3 } }];
    await renderScreen();
    const section = await screen.findByRole('region', { name: 'Pending Requests' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Approve: Eltroxin 50mcg' }));
    const dialog = await screen.findByRole('dialog');
    const units = within(dialog).getByTestId('units-to-approve') as HTMLInputElement;
    expect(units.value).toBe('3');
    within(dialog).getByText(
      'Only 3 units left of the 6 units asked: approve those, fewer, or reject the request.',
    );
    expect(within(dialog).getByTestId('approval-total').textContent).toContain(
      'You are approving 3 units of',
    );
    fireEvent.change(units, { target: { value: '2' } });
    expect(within(dialog).getByTestId('approval-total').textContent).toContain(
      'You are approving 2 units of',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The dialog validates, then sends (slower on a busy machine).
    await waitFor(() => expect(decided).toHaveLength(1), { timeout: 5000 });
    expect(decided[0]).toMatchObject({ status: 'approved', quantity: 2 });
  });

  it('asks nothing of it when enough is left', async () => {
    server = [pending(8, 'Concor 5mg')];
    await renderScreen();
    const section = await screen.findByRole('region', { name: 'Pending Requests' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Approve: Concor 5mg' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByTestId('units-to-approve')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The dialog validates, then sends (slower on a busy machine).
    await waitFor(() => expect(decided).toHaveLength(1), { timeout: 5000 });
    expect(decided[0]).not.toHaveProperty('quantity');
  });
});
