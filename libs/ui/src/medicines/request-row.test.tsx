// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MedicineRequest } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { medicineFixture, requestFixture } from '../test-support/fixtures';
import { MedicineRow } from './medicine-row';
import { PickupInfo, RequestRow, type PickupInfoSource } from './request-row';

const request = (id: number, name: string) =>
  ({
    id,
    status: 'pending',
    quantity: 2,
    createdAt: new Date().toISOString(),
    notes: null,
    medicine: { name },
    requester: { name: 'Nile NGO' },
  }) as unknown as MedicineRequest;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a request or medicine a notification links to', () => {
  it('is marked as the current one when the address names it, and only that one', async () => {
    window.history.replaceState(null, '', '/pharmacy/requests?request=7');
    await renderInRemote(
      <>
        <RequestRow request={request(7, 'Concor 5mg')} counterpart="requester" />
        <RequestRow request={request(8, 'Augmentin')} counterpart="requester" />
      </>,
    );
    const [linked, other] = screen.getAllByTestId('request-row');
    expect(linked!.getAttribute('aria-label')).toBe('Concor 5mg');
    expect(linked!.getAttribute('aria-current')).toBe('true');
    expect(other!.getAttribute('aria-current')).toBeNull();
  });

  it('names a private donor only as a donor while the API gives no name (before an approval)', async () => {
    const toDonor = {
      ...request(9, 'Augmentin'),
      provider: { id: 3, name: null, userType: 'donor' },
    } as MedicineRequest;
    await renderInRemote(<RequestRow request={toDonor} counterpart="provider" />, { role: 'ngo' });
    expect(screen.getByTestId('request-row').textContent).toContain('From \u2068a donor\u2069');
  });

  it('keeps a Latin name apart from the units after it, in Arabic', async () => {
    const six = { ...request(9, 'Augmentin'), quantity: 6 };
    await renderInRemote(<RequestRow request={six} counterpart="requester" />, {
      role: 'pharmacy',
      language: 'ar',
    });
    // Unisolated, '6' joined the name's left-to-right run, read 'وحدات Nile NGO · 6 :صاحب الطلب'.
    expect(screen.getByTestId('request-row').textContent).toContain(
      'صاحب الطلب: \u2068Nile NGO\u2069 · 6 وحدات',
    );
  });

  it('marks none without a request in the address', async () => {
    await renderInRemote(<RequestRow request={request(7, 'Concor 5mg')} counterpart="requester" />);
    expect(screen.getByTestId('request-row').getAttribute('aria-current')).toBeNull();
  });

  it('marks a medicine the same way (`?medicine=ID`)', async () => {
    window.history.replaceState(null, '', '/pharmacy/medicines?medicine=5');
    await renderInRemote(
      <>
        <MedicineRow medicine={medicineFixture({ id: 5, name: 'Concor 5mg' })} />
        <MedicineRow medicine={medicineFixture({ id: 6, name: 'Augmentin' })} />
      </>,
    );
    const [linked, other] = screen.getAllByTestId('medicine-row');
    expect(linked!.getAttribute('aria-current')).toBe('true');
    expect(other!.getAttribute('aria-current')).toBeNull();
  });
});

describe('where to collect an approved request (PickupInfo)', () => {
  const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';
  // An approval without pickup windows or a street address: the area and the pin still say where.
  const approved: PickupInfoSource = {
    pickup: { pharmacyName: 'El Ezaby Dokki', address: null, contactEmail: null, location: null, date: null },
    pickupPlace: { area: 'dokki', governorate: 'giza' },
    pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
  };

  it('gives the area and a link opening the exact point on a map', async () => {
    await renderInRemote(<PickupInfo request={approved} />);
    const info = screen.getByTestId('pickup-info');
    expect(info.textContent).toContain('Pharmacy: El Ezaby Dokki');
    expect(info.textContent).toContain('Area: Dokki, Giza');
    const link = within(info).getByRole('link', { name: 'Open the map (OpenStreetMap)' });
    expect(link.getAttribute('href')).toBe(mapUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('in Arabic too, for a request with no pickup details at all (a pharmacy buying)', async () => {
    await renderInRemote(
      <PickupInfo request={{ pickupPlace: approved.pickupPlace, pickupPoint: approved.pickupPoint }} />,
      {
        language: 'ar',
      },
    );
    const info = screen.getByTestId('pickup-info');
    expect(info.textContent).toContain('المنطقة: الدقي، الجيزة');
    expect(
      within(info).getByRole('link', { name: 'افتح الخريطة (OpenStreetMap)' }).getAttribute('href'),
    ).toBe(mapUrl);
  });

  it('shows no map link without a point (not a party, or not approved)', async () => {
    await renderInRemote(<PickupInfo request={{ ...approved, pickupPoint: null }} />);
    expect(screen.getByTestId('pickup-info').textContent).toContain('Area: Dokki, Giza');
    expect(screen.queryByRole('link')).toBeNull();
  });

  // 2 December 2026, 16:00–18:00 in Cairo (UTC+2).
  const agreed = {
    ...approved.pickup!,
    location: 'Gate 2',
    date: '2026-12-02T14:00:00.000Z',
    window: { startsAt: '2026-12-02T14:00:00.000Z', endsAt: '2026-12-02T16:00:00.000Z' },
  };
  it.each([
    ['en', 'On Wednesday, December 2, 2026 · \u206616:00–18:00\u2069'],
    ['ar', 'يوم الأربعاء، 2 ديسمبر 2026 · \u206616:00–18:00\u2069'],
  ] as const)(
    "gives the pickup time agreed in the e-mails' words, 24-hour, not 4:00 PM (%s)",
    async (language, time) => {
      await renderInRemote(<PickupInfo request={{ ...approved, pickup: agreed }} />, {
        language,
      });
      expect(screen.getByTestId('pickup-info').textContent).toContain(time);
    },
  );

  it('keeps a typed address in its own order inside Arabic text (a house number stays before the street)', async () => {
    const typed = { ...agreed, address: '12 Tahrir St', location: '15 Mesaha Square, Dokki' };
    await renderInRemote(<PickupInfo request={{ ...approved, pickup: typed }} />, { language: 'ar' });
    const text = screen.getByTestId('pickup-info').textContent;
    expect(text).toContain('العنوان: \u206812 Tahrir St\u2069');
    expect(text).toContain('الاستلام من \u206815 Mesaha Square, Dokki\u2069');
  });
});

describe('what the requester pays, on every request row', () => {
  /** A pending request for 3 units of a listing at 12.50 a unit (original 20). */
  const pendingAt = (discountPrice: string | null, over: Partial<MedicineRequest> = {}) =>
    requestFixture({
      status: 'pending',
      unitPrice: null,
      originalUnitPrice: null,
      medicine: { ...requestFixture().medicine!, originalPrice: '20.00', discountPrice },
      ...over,
    });
  const price = () => screen.getByTestId('request-price');
  /** The sum as shown, its left-to-right isolates and non-breaking spaces made plain. */
  const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

  it('while pending: units × the listing’s price now = the total, marked as the current price', async () => {
    await renderInRemote(<RequestRow request={pendingAt('12.50')} counterpart="requester" />);
    expect(plain(price().textContent)).toBe(
      'Current price: \u20663 × \u2068EGP 12.50\u2069 = \u2068EGP 37.50\u2069\u2069 (fixed on approval)',
    );
    expect(price().getAttribute('data-basis')).toBe('current');
  });

  it('once approved: the price recorded at approval, not the listing’s price now', async () => {
    await renderInRemote(
      <RequestRow
        request={pendingAt('12.50', { status: 'approved', unitPrice: '10.00', originalUnitPrice: '20.00' })}
        counterpart="provider"
      />,
    );
    expect(plain(price().textContent)).toBe(
      'Agreed price: \u20663 × \u2068EGP 10.00\u2069 = \u2068EGP 30.00\u2069\u2069',
    );
  });

  it('in Arabic: Latin digits, the sum kept left to right inside the sentence', async () => {
    await renderInRemote(
      <RequestRow
        request={pendingAt('12.50', { status: 'completed', unitPrice: '12.50' })}
        counterpart="requester"
      />,
      { language: 'ar' },
    );
    const text = plain(price().textContent);
    expect(text).toMatch(
      /^السعر المتفق عليه: \u20663 × \u2068\u200f?12\.50 ج\.م\.\u200f?\u2069 = \u2068\u200f?37\.50 ج\.م\.\u200f?\u2069\u2069$/,
    );
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it('says Free for a listing without a discount price, and for a donation', async () => {
    await renderInRemote(
      <>
        <RequestRow request={pendingAt(null)} counterpart="requester" />
        <RequestRow
          request={pendingAt('12.50', {
            id: 43,
            medicine: {
              ...requestFixture().medicine!,
              source: 'donor',
              discountPrice: null,
              originalPrice: null,
            },
          })}
          counterpart="provider"
        />
      </>,
      { language: 'ar' },
    );
    expect(screen.getAllByTestId('request-price').map((p) => p.textContent)).toEqual(['مجاناً', 'مجاناً']);
  });

  it('shows no price for a request declined before any approval', async () => {
    await renderInRemote(
      <RequestRow request={pendingAt('12.50', { status: 'rejected' })} counterpart="requester" />,
    );
    expect(screen.queryByTestId('request-price')).toBeNull();
  });
});

describe('a pickup called off after its approval', () => {
  /** Approved at 35.00 a unit, then ended: `rejected` by the owner or `cancelled` by the requester. */
  const ended = (status: 'rejected' | 'cancelled', over: Partial<MedicineRequest> = {}) =>
    requestFixture({ status, calledOff: true, endedByPlatform: false, contact: null, ...over });
  const note = () => screen.queryByTestId('called-off')?.textContent ?? null;

  it('tells the requester the owner called it off, with no price left to pay', async () => {
    await renderInRemote(<RequestRow request={ended('rejected')} counterpart="provider" />);
    expect(note()).toBe('The owner called off this pickup after approving it: do not go to collect it.');
    expect(screen.queryByTestId('request-price')).toBeNull();
    expect(screen.getByTestId('request-row').textContent).not.toContain('Agreed price');
  });

  it('tells the owner the requester cancelled it, its units back on offer (set aside when recalled)', async () => {
    await renderInRemote(
      <>
        <RequestRow request={ended('cancelled')} counterpart="requester" />
        <RequestRow
          request={ended('cancelled', { id: 43, recallHold: 'Sterility' })}
          counterpart="requester"
        />
      </>,
    );
    const [back, held] = screen.getAllByTestId('called-off').map((n) => n.textContent);
    expect(back).toBe(
      'The requester cancelled this pickup after your approval; its units went back on offer.',
    );
    expect(held).toContain('Its batch is recalled: the units are not offered again');
    expect(screen.queryByTestId('request-price')).toBeNull();
  });

  it('in Arabic too', async () => {
    await renderInRemote(
      <>
        <RequestRow request={ended('rejected')} counterpart="provider" />
        <RequestRow request={ended('cancelled', { id: 43 })} counterpart="requester" />
      </>,
      { language: 'ar' },
    );
    expect(screen.getAllByTestId('called-off').map((n) => n.textContent)).toEqual([
      'صاحب الدوا لغى التسليم بعد ما وافق: متروحش تستلم.',
      'صاحب الطلب لغى الاستلام بعد ما انت وافقت؛ الكمية رجعت معروضة تاني.',
    ]);
    expect(screen.queryByTestId('request-price')).toBeNull();
  });

  it("says nothing of the platform's own ends, a party's own move, or a request ended before approval", async () => {
    await renderInRemote(
      <>
        <RequestRow request={ended('rejected', { endedByPlatform: true })} counterpart="provider" />
        <RequestRow request={ended('rejected', { id: 43 })} counterpart="requester" />
        <RequestRow request={ended('cancelled', { id: 44 })} counterpart="provider" />
        <RequestRow request={ended('rejected', { id: 45, calledOff: false })} counterpart="provider" />
      </>,
    );
    expect(screen.getAllByTestId('request-row')).toHaveLength(4);
    expect(screen.queryByTestId('called-off')).toBeNull();
  });
});

describe('the status badge of a pickup called off after its approval', () => {
  const ended = (status: 'rejected' | 'cancelled', over: Partial<MedicineRequest> = {}) =>
    requestFixture({ status, calledOff: true, endedByPlatform: false, contact: null, ...over });
  const badges = () => screen.getAllByTestId('request-status').map((n) => n.textContent);

  it('reads Called off whoever ended it (either party, or the platform), in both party lists', async () => {
    const rows = (
      <>
        <RequestRow request={ended('rejected')} counterpart="provider" />
        <RequestRow request={ended('rejected', { id: 43 })} counterpart="requester" />
        <RequestRow request={ended('cancelled', { id: 44 })} counterpart="requester" />
        <RequestRow request={ended('cancelled', { id: 45, endedByPlatform: true })} counterpart="provider" />
      </>
    );
    const { unmount } = await renderInRemote(rows);
    expect(badges()).toEqual(['Called off', 'Called off', 'Called off', 'Called off']);
    unmount();
    await renderInRemote(rows, { language: 'ar' });
    expect(badges()).toEqual(Array(4).fill('الاستلام اتلغى'));
  });

  it('keeps Rejected and Cancelled for a request that ended before any approval', async () => {
    await renderInRemote(
      <>
        <RequestRow request={ended('rejected', { calledOff: false })} counterpart="provider" />
        <RequestRow request={ended('cancelled', { id: 43, calledOff: false })} counterpart="requester" />
        <RequestRow request={requestFixture({ id: 44, status: 'approved' })} counterpart="provider" />
      </>,
    );
    expect(badges()).toEqual(['Rejected', 'Cancelled', 'Approved']);
  });
});

describe('a pickup a batch recall holds', () => {
  it('is badged On hold while approved, and no longer once the request has ended', async () => {
    const held = { recallHold: 'Mislabelled' };
    const { unmount } = await renderInRemote(
      <RequestRow request={requestFixture({ ...held, status: 'approved' })} counterpart="provider" />,
    );
    expect(screen.getByTestId('recall-hold').textContent).toBe('On hold — batch recalled');
    unmount();
    await renderInRemote(
      <RequestRow request={requestFixture({ ...held, status: 'cancelled' })} counterpart="provider" />,
    );
    expect(screen.queryByTestId('recall-hold')).toBeNull();
  });
});

describe('a request approved in part', () => {
  it('says the units approved and those asked, in both languages', async () => {
    const partly = requestFixture({ status: 'approved', quantity: 2, askedQuantity: 5 });
    const { unmount } = await renderInRemote(<RequestRow request={partly} counterpart="provider" />);
    expect(screen.getByTestId('request-row').textContent).toContain('2 units (of 5 units asked)');
    unmount();
    await renderInRemote(<RequestRow request={partly} counterpart="provider" />, { language: 'ar' });
    expect(screen.getByTestId('request-row').textContent).toContain('وحدتين (من 5 وحدات اتطلبت)');
  });

  it('says nothing more when all asked were approved', async () => {
    await renderInRemote(
      <RequestRow request={requestFixture({ quantity: 3, askedQuantity: 3 })} counterpart="provider" />,
    );
    expect(screen.getByTestId('request-row').textContent).not.toContain('asked');
  });
});
