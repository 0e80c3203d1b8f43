// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deletedAccountName } from '@medrelay/domain/user-status';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { BrowseCard } from './browse-card';
import { RequestMedicineButton } from './request-button';

const insulin = medicineFixture({
  id: 9,
  name: 'ميكستارد 30 إنسولين بشري معلق للحقن 100 وحدة/مل أقلام جاهزة',
  type: 'injection',
  quantity: 120,
  originalPrice: '1450.75',
  discountPrice: '999.50',
  // Today (10 June in Cairo, pinned below) counts: the 14th is 5 days.
  expiryDate: '2026-06-14T00:00:00.000Z',
  description: 'علب مقفولة محفوظة في التلاجة',
  gtin: '06221234567891',
  batch: 'B12X',
  categories: ['prescription', 'controlled', 'coldChain'],
  recipientType: 'both',
  pharmacy: { user: { name: 'صيدلية الدكتور محمد عبد الرحمن' } },
  pickupPlace: { area: 'dokki', governorate: 'giza' },
  distanceKm: 3.5,
});

// Noon in Cairo: the same day on either side of UTC.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const card = () => screen.getByTestId('medicine-row');
const button = (label: string) => (
  <RequestMedicineButton
    medicine={insulin}
    label={label}
    notesKind="pickup"
    successTitle="Request submitted successfully"
  />
);

describe('a browse card', () => {
  it('keeps what a decision needs on the card, in English', async () => {
    await renderInRemote(<BrowseCard medicine={insulin} actions={button('Request Pickup')} />, {
      role: 'ngo',
    });
    const heading = within(card()).getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe(insulin.name);
    // A Latin or Arabic name keeps its own direction (its ellipsis at its own end).
    expect(heading.getAttribute('dir')).toBe('auto');
    expect(card().getAttribute('aria-label')).toBe(insulin.name);
    const text = card().textContent!;
    for (const part of [
      'Injection',
      '120 units',
      'Pharmacy',
      '5 days',
      'Cold chain',
      'Prescription',
      'Controlled',
    ])
      expect(text, part).toContain(part);
    expect(within(card()).getByTestId('price').textContent).toMatch(/999\.50/);
    expect(within(card()).getByTestId('medicine-place').textContent).toBe('3.5 km · Dokki, Giza');
    expect(text).toContain('صيدلية الدكتور محمد عبد الرحمن');
    within(card()).getByRole('button', { name: `Request Pickup: ${insulin.name}` });
    // Moved to the request dialog: the description, the pack code, the original price, the day.
    expect(text).not.toContain('علب مقفولة');
    expect(text).not.toContain('B12X');
    expect(text).not.toMatch(/1,450\.75/);
    expect(text).not.toContain('Expires');
  });

  it('reads in Arabic with the short badges', async () => {
    await renderInRemote(<BrowseCard medicine={insulin} actions={button('اطلب استلام')} />, {
      language: 'ar',
      role: 'ngo',
    });
    const text = card().textContent!;
    for (const part of ['حقن', '120 وحدة', 'صيدلية', '5 أيام', 'تبريد', 'بروشتة', 'جدول'])
      expect(text, part).toContain(part);
    expect(within(card()).getByTestId('medicine-place').textContent).toBe('3.5 كم · الدقي، الجيزة');
    within(card()).getByRole('button', { name: `اطلب استلام: ${insulin.name}` });
  });

  it('names a donor who deleted her account as a deleted user in Arabic, not by the English placeholder', async () => {
    await renderInRemote(
      <BrowseCard
        medicine={{ ...insulin, source: 'donor', pharmacy: null, donor: { name: deletedAccountName } }}
      />,
      { language: 'ar', role: 'admin' },
    );
    expect(card().textContent).toContain('مستخدم محذوف');
    expect(card().textContent).not.toContain(deletedAccountName);
  });

  it('opens the request dialog with what the card left out', async () => {
    await renderInRemote(<BrowseCard medicine={insulin} actions={button('Request Pickup')} />, {
      role: 'ngo',
    });
    fireEvent.click(within(card()).getByRole('button', { name: `Request Pickup: ${insulin.name}` }));
    const details = await screen.findByTestId('listing-details');
    const text = details.textContent!;
    for (const part of [
      insulin.name,
      'Injection · 120 units · Expires',
      'Pharmacy · By \u2068صيدلية الدكتور محمد عبد الرحمن\u2069 · 3.5 km · Dokki, Giza',
      'Who may request: NGOs and pharmacies',
      'Prescription-only, Controlled (narcotic / psychotropic), Cold chain (keep refrigerated)',
      'علب مقفولة محفوظة في التلاجة',
      'GTIN 06221234567891 · Batch B12X',
    ])
      expect(text, part).toContain(part);
    expect(text).toMatch(/999\.50/);
    expect(within(details).getByLabelText(/^Original price .*1,450\.75/)).toBeTruthy();
  });

  it('shows Free and leaves out the place line when nothing is known of where', async () => {
    await renderInRemote(
      <BrowseCard
        medicine={medicineFixture({
          discountPrice: null,
          originalPrice: null,
          pharmacy: null,
          pickupPlace: { area: null, governorate: null },
        })}
      />,
    );
    expect(within(card()).getByTestId('price').textContent).toBe('Free');
    expect(within(card()).queryByTestId('medicine-place')).toBeNull();
  });
});
