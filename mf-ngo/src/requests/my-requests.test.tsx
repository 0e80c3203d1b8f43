// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PickupPlan, Transaction } from '@medrelay/contracts';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import MyRequests from './my-requests';

const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';

const transaction = (id: number, overrides: Partial<Transaction>): Transaction => ({
  id,
  medicineId: id,
  requesterId: 1,
  providerId: 2,
  status: 'pending',
  quantity: 2,
  notes: null,
  pickupLocation: null,
  pickupDate: null,
  unitPrice: null,
  originalUnitPrice: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  direction: 'outgoing',
  medicine: { name: `Medicine ${id}` } as Transaction['medicine'],
  requester: { id: 1, name: 'Test user', userType: 'ngo' },
  provider: { id: 2, name: 'El Ezaby Dokki', userType: 'pharmacy' },
  contact: null,
  pickupPlace: { area: 'dokki', governorate: 'giza' },
  pickupPoint: null,
  recallHold: null,
  recallQuarantine: null,
  closedReason: null,
  endedByPlatform: false,
  handover: null,
  pickup: null,
  ...overrides,
});

/** An approval with no pickup windows (and no street address): pickup details only. */
const approvedWithoutWindows = transaction(1, {
  status: 'approved',
  pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
  pickup: { pharmacyName: 'El Ezaby Dokki', address: null, contactEmail: null, location: null, date: null },
});
const noWindows: PickupPlan = {
  requestId: 1,
  location: null,
  lat: 30.0385,
  lng: 31.2118,
  mapUrl,
  windows: [],
  chosenWindowId: null,
  chosen: null,
  proposal: null,
  missedAt: null,
  releasedAt: null,
};

/** An approval whose owner offered a window (and pinned the place). */
const approvedWithWindows = transaction(6, {
  status: 'approved',
  pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
});
const offered: PickupPlan = {
  ...noWindows,
  requestId: 6,
  windows: [
    {
      id: 1,
      startsAt: '2026-12-01T10:00:00+02:00',
      endsAt: '2026-12-01T12:00:00+02:00',
      date: '2026-12-01',
      from: '10:00',
      to: '12:00',
      proposedBy: 'owner',
    },
  ],
};

/** My Requests with these rows, and the pickup plans of the approved ones. */
const renderMyRequests = (rows: Transaction[], language: 'en' | 'ar' = 'en') => {
  servePages((url) => {
    if (!url.pathname.endsWith('/pickup')) return { items: rows, total: rows.length };
    // A plan is one object, not a page: served the same way.
    const plan = url.pathname.includes('/6/') ? offered : noWindows;
    return { items: plan as unknown as unknown[], total: 1 };
  });
  return renderInRemote(<MyRequests />, { texts, role: 'ngo', language });
};

const rowOf = async (name: string) =>
  (await screen.findAllByTestId('request-row')).find((row) => row.getAttribute('aria-label') === name)!;

describe('NGO My Requests', () => {
  it('tells where to collect an approval without pickup windows: the area and one map link', async () => {
    await renderMyRequests([approvedWithoutWindows]);
    const row = await rowOf('Medicine 1');
    const info = within(row).getByTestId('pickup-info');
    expect(info.textContent).toContain('Area: Dokki, Giza');
    const links = within(row).getAllByRole('link', { name: 'Open the map (OpenStreetMap)' });
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(mapUrl);
    expect(links[0]!.getAttribute('target')).toBe('_blank');
  });

  it('shows the map link once when the owner offered windows too (the panel gives the times)', async () => {
    await renderMyRequests([approvedWithWindows]);
    const row = await rowOf('Medicine 6');
    await within(row).findByRole('radio', { name: 'Tuesday, December 1, 2026 · \u206610:00–12:00\u2069' });
    expect(within(row).getAllByRole('link', { name: 'Open the map (OpenStreetMap)' })).toHaveLength(1);
  });

  it('in Arabic too', async () => {
    await renderMyRequests([approvedWithoutWindows], 'ar');
    const row = await rowOf('Medicine 1');
    expect(within(row).getByTestId('pickup-info').textContent).toContain('المنطقة: الدقي، الجيزة');
    expect(within(row).getAllByRole('link', { name: 'افتح الخريطة (OpenStreetMap)' })).toHaveLength(1);
  });

  it('tells the NGO not to collect a pickup a recall holds, instead of to collect it', async () => {
    await renderMyRequests([{ ...approvedWithoutWindows, recallHold: 'Contaminated line' }]);
    const row = await rowOf('Medicine 1');
    expect(row.textContent).toContain('its batch has been recalled: do not collect it');
    expect(row.textContent).not.toContain('Collect the medicine');
    // Nothing offered that the server refuses while held: no code, no Mark as Collected.
    expect(within(row).queryByRole('button', { name: /^(Handover code|Mark as Collected):/ })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Cancel Pickup: Medicine 1' })).toBeTruthy();
  });

  it('in Arabic too', async () => {
    await renderMyRequests([{ ...approvedWithoutWindows, recallHold: 'تلوث في خط الإنتاج' }], 'ar');
    const row = await rowOf('Medicine 1');
    expect(row.textContent).toContain('التشغيلة بتاعته اتسحبت: ماتستلمش الدوا');
    expect(row.textContent).not.toContain('استلم الدوا حسب');
  });

  const rows = [
    transaction(2, { status: 'rejected', endedByPlatform: true }),
    transaction(3, { status: 'cancelled', endedByPlatform: true }),
    transaction(4, { status: 'rejected' }),
    transaction(5, { status: 'cancelled' }),
  ];

  it('says the platform ended a request it ended, instead of the owner rejecting it', async () => {
    await renderMyRequests(rows);
    const ended = 'MedRelay ended this request, not you or the owner';
    const rejected = 'This request was rejected.';
    const note = async (name: string) => (await rowOf(name)).textContent;
    expect(await note('Medicine 2')).toContain(ended);
    expect(await note('Medicine 2')).not.toContain(rejected);
    expect(await note('Medicine 3')).toContain(ended);
    expect(await note('Medicine 4')).toContain(rejected);
    expect(await note('Medicine 4')).not.toContain(ended);
    expect(await note('Medicine 5')).not.toContain(ended);
    expect(screen.getAllByTestId('ended-by-platform')).toHaveLength(2);
  });

  it('in Arabic too', async () => {
    await renderMyRequests(rows, 'ar');
    const ended = 'MedRelay هي اللي أنهت الطلب ده، مش انت ولا صاحب الدوا';
    expect((await rowOf('Medicine 2')).textContent).toContain(ended);
    expect((await rowOf('Medicine 2')).textContent).not.toContain('الطلب ده اترفض');
    expect((await rowOf('Medicine 3')).textContent).toContain(ended);
    expect((await rowOf('Medicine 4')).textContent).toContain('الطلب ده اترفض');
    expect((await rowOf('Medicine 4')).textContent).not.toContain(ended);
  });
});

describe('NGO My Requests: a pickup the owner called off after approving it', () => {
  // Approved at 35.00 a unit, then called off by the owner (rejected after the approval).
  const calledOff = transaction(9, {
    status: 'rejected',
    calledOff: true,
    quantity: 3,
    unitPrice: '35.00',
    originalUnitPrice: '60.00',
  });

  it('says so, not that the request was rejected, and shows no price as due', async () => {
    await renderMyRequests([calledOff]);
    const row = await rowOf('Medicine 9');
    expect(within(row).getByTestId('called-off').textContent).toBe(
      'The owner called off this pickup after approving it: do not go to collect it.',
    );
    expect(row.textContent).not.toContain('This request was rejected.');
    expect(within(row).queryByTestId('request-price')).toBeNull();
  });

  it('in Arabic too', async () => {
    await renderMyRequests([calledOff], 'ar');
    const row = await rowOf('Medicine 9');
    expect(within(row).getByTestId('called-off').textContent).toBe(
      'صاحب الدوا لغى التسليم بعد ما وافق: متروحش تستلم.',
    );
    expect(row.textContent).not.toContain('الطلب ده اترفض');
    expect(row.textContent).not.toContain('السعر المتفق عليه');
  });

  // Called off by the owner, and by the platform (the owner suspended): neither reads Rejected.
  const ended = [
    calledOff,
    transaction(10, { status: 'cancelled', calledOff: true, endedByPlatform: true }),
    transaction(11, { status: 'rejected', calledOff: false }),
  ];
  const badgeOf = async (name: string) => within(await rowOf(name)).getByTestId('request-status').textContent;

  it('badges it Called off, whoever ended it; a request rejected before approval stays Rejected', async () => {
    await renderMyRequests(ended);
    expect([await badgeOf('Medicine 9'), await badgeOf('Medicine 10'), await badgeOf('Medicine 11')]).toEqual(
      ['Called off', 'Called off', 'Rejected'],
    );
  });

  it('badges it in Arabic too', async () => {
    await renderMyRequests(ended, 'ar');
    expect([await badgeOf('Medicine 9'), await badgeOf('Medicine 10'), await badgeOf('Medicine 11')]).toEqual(
      ['الاستلام اتلغى', 'الاستلام اتلغى', 'مرفوض'],
    );
  });
});

describe('NGO My Requests: what each request costs', () => {
  const listing = (discountPrice: string | null) =>
    ({
      name: 'Augmentin 1g',
      source: 'pharmacy',
      discountPrice,
      originalPrice: '60.00',
    }) as Transaction['medicine'];
  const priced = [
    // Bought at 35.00 a unit; the pharmacy has since lowered its listing to 30.00.
    transaction(7, {
      status: 'approved',
      quantity: 4,
      unitPrice: '35.00',
      originalUnitPrice: '60.00',
      medicine: listing('30.00'),
    }),
    transaction(8, {
      status: 'pending',
      quantity: 2,
      medicine: { ...listing('30.00')!, name: 'Concor 5mg' },
    }),
  ];
  const priceIn = async (name: string) =>
    within(await rowOf(name))
      .getByTestId('request-price')
      .textContent!.replace(/\u00a0/g, ' ');

  it('says the agreed price once approved and the current one while pending, units × per unit = total', async () => {
    await renderMyRequests(priced);
    expect(await priceIn('Augmentin 1g')).toBe(
      'Agreed price: \u20664 × \u2068EGP 35.00\u2069 = \u2068EGP 140.00\u2069\u2069',
    );
    expect(await priceIn('Concor 5mg')).toBe(
      'Current price: \u20662 × \u2068EGP 30.00\u2069 = \u2068EGP 60.00\u2069\u2069 (fixed on approval)',
    );
  });

  it('in Arabic too', async () => {
    await renderMyRequests(priced, 'ar');
    expect(await priceIn('Augmentin 1g')).toMatch(
      /^السعر المتفق عليه: \u20664 × \u2068\u200f?35\.00 ج\.م\.\u200f?\u2069 = \u2068\u200f?140\.00 ج\.م\.\u200f?\u2069\u2069$/,
    );
    expect(await priceIn('Concor 5mg')).toMatch(
      /^السعر الحالي: \u20662 × .*60\.00 ج\.م\..*\u2069 \(بيتثبت مع الموافقة\)$/,
    );
  });
});
