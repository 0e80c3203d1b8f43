// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HandoverState, Language, NeedMatch, RequestStatus } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { MatchCard } from './need-matches';

/** A match card: what a decision needs, and the caller's request on it. */
const expiry = new Date(Date.now() + 40 * 86400_000).toISOString();
const match = (over: Partial<NeedMatch> = {}, medicine: Partial<NeedMatch['medicine']> = {}): NeedMatch => ({
  needId: 7,
  need: { medicine: 'Insulin', dosageForm: null, minQuantity: 2, acceptUpTo: 6, urgency: 'routine' },
  medicine: {
    id: 41,
    name: 'Insulin glargine',
    type: 'injection',
    quantity: 10,
    expiryDate: expiry,
    recipientType: 'both',
    source: 'pharmacy',
    discountPrice: 45.5,
    imageUrl: null,
    ...medicine,
  },
  owner: { id: 9, name: 'Nile Pharmacy', governorate: 'giza', area: 'dokki' },
  distanceKm: 3.5,
  request: null,
  daysLeft: 40,
  sameGovernorate: false,
  score: 1,
  ...over,
});
const requested = (status: RequestStatus, handover: HandoverState | null = null, calledOff = false) => ({
  request: { id: 5, status, quantity: 6, handover, calledOff },
});

const pickup = {
  label: 'Request Pickup',
  notesKind: 'pickup',
  successTitle: 'Request submitted successfully',
} as const;

async function show(m: NeedMatch, language: Language = 'en') {
  await renderInRemote(
    <ul>
      <MatchCard match={m} request={pickup} />
    </ul>,
    { role: 'ngo', language },
  );
  return screen.getByTestId('match-card');
}
// Money is formatted with a no-break space after the currency.
const text = (card: HTMLElement, testId: string) =>
  within(card)
    .getByTestId(testId)
    .textContent?.replace(/\u00a0/g, ' ');
const requestButton = (card: HTMLElement) => within(card).queryByRole('button', { name: /Request Pickup/ });

describe('a match card', () => {
  it("shows the form, units, price, why it matched, and the owner's area with a pharmacy's address", async () => {
    const card = await show(match());
    expect(text(card, 'match-facts')).toBe('Injection · 10 units · EGP 45.50');
    within(card).getByText('Matches "Insulin"');
    // How far and where, never the street address before approval.
    within(card).getByText('From \u2068Nile Pharmacy\u2069 · 3.5 km · Dokki, Giza');
    expect(requestButton(card)).not.toBeNull();
  });

  it('says Free for a listing without a price, and that the area was not given', async () => {
    const card = await show(
      match(
        { owner: { id: 3, name: 'Mona', governorate: null, area: null }, distanceKm: null },
        { discountPrice: null },
      ),
    );
    expect(text(card, 'price')).toBe('Free');
    within(card).getByText('From \u2068Mona\u2069 · Area not given');
  });

  it("names a private donor only as a donor before an approval (the API gives no donor's name)", async () => {
    const donation = match(
      { owner: { id: 3, name: null, governorate: 'cairo', area: 'maadi' }, distanceKm: 2 },
      { discountPrice: null, source: 'donor' },
    );
    within(await show(donation)).getByText('From a donor · 2 km · Maadi, Cairo');
    cleanup();
    within(await show(donation, 'ar')).getByText(/^من متبرع · /);
  });

  it.each([
    ['pending', 'Requested · Pending'],
    ['approved', 'Requested · Approved'],
    ['completed', 'Requested · Collected'],
  ] as const)("shows the caller's %s request in words instead of Request Pickup", async (status, words) => {
    const card = await show(match(requested(status)));
    expect(text(card, 'match-request')).toBe(`${words}Units requested: 6`);
    expect(requestButton(card)).toBeNull();
  });

  it.each([
    ['pending', 'اتطلب · مستني الرد'],
    ['approved', 'اتطلب · اتوافق عليه'],
    ['completed', 'اتطلب · اتسلّم'],
  ] as const)('says it in Egyptian Arabic too: %s', async (status, words) => {
    const card = await show(match(requested(status), { discountPrice: null }), 'ar');
    expect(text(card, 'match-request')).toBe(`${words}الكمية المطلوبة: 6`);
    expect(text(card, 'price')).toBe('مجاناً');
    // The Latin name isolated: '3.5' after it joined its left-to-right run ('Nile Pharmacy · 3.5').
    within(card).getByText('من \u2068Nile Pharmacy\u2069 · 3.5 كم · الدقي، الجيزة');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(card.textContent).not.toMatch(/pending|approved|completed/);
  });

  it.each([
    ['rejected', 'Your last request was rejected'],
    ['cancelled', 'Your last request was cancelled'],
  ] as const)('offers Request Pickup again after a %s request, saying so', async (status, words) => {
    const card = await show(match(requested(status)));
    within(card).getByText(words);
    expect(within(card).queryByTestId('match-request')).toBeNull();
    expect(requestButton(card)).not.toBeNull();
  });

  it.each([
    ['rejected', 'en', 'Your last pickup was called off'],
    ['cancelled', 'en', 'Your last pickup was called off'],
    ['rejected', 'ar', 'آخر استلام ليك اتلغى'],
  ] as const)(
    'offers Request Pickup again after a pickup called off (%s after its approval), saying it was called off, not rejected (%s)',
    async (status, language, words) => {
      const card = await show(match(requested(status, null, true)), language);
      within(card).getByText(words);
      expect(card.textContent).not.toMatch(/rejected|cancelled|اترفض/);
      expect(within(card).queryByTestId('match-request')).toBeNull();
      expect(within(card).getAllByRole('button', { name: /Request Pickup/ })).toHaveLength(1);
    },
  );

  it.each([
    ['en', 'The owner disputed your last collection'],
    ['ar', 'صاحب الدوا اعترض على آخر استلام ليك'],
  ] as const)(
    'offers the request again after the owner disputed the collection, not "Collected" (%s)',
    async (language, words) => {
      const card = await show(match(requested('completed', 'disputed')), language);
      within(card).getByText(words);
      expect(within(card).queryByTestId('match-request')).toBeNull();
      expect(card.textContent).not.toMatch(/Collected|اتسلّم/);
      expect(requestButton(card)).not.toBeNull();
    },
  );

  it.each(['code', 'unconfirmed', 'confirmed'] as const)(
    'still shows a collection handed over (%s) as collected',
    async (handover) => {
      const card = await show(match(requested('completed', handover)));
      expect(text(card, 'match-request')).toBe('Requested · CollectedUnits requested: 6');
      expect(requestButton(card)).toBeNull();
    },
  );
});
