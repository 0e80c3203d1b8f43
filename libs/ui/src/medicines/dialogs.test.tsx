// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Medicine } from '@medrelay/contracts';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { ListingActions } from './listing-actions';
import { MedicineRow } from './medicine-row';
import RequestDialog from './request-dialog';

afterEach(() => vi.restoreAllMocks());

const medicine = { id: 7, name: 'Concor 5mg', quantity: 12 };
const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label, { exact: false });
/** A pharmacy's transfer request for `medicine`, in English. */
const transferDialog = (onClose: () => void) => (
  <RequestDialog
    medicine={medicine}
    label="Request Transfer"
    notesKind="transfer"
    successTitle="Request submitted"
    onClose={onClose}
  />
);
const press = (name: string) =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name }));

describe('the request dialog (spec §5)', () => {
  it('defaults the notes to the quantity asked, keeps 1..available and sends what was chosen', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ id: 1 }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const onClose = vi.fn();
    const { toasts } = await renderInRemote(transferDialog(onClose));
    expect((field('Notes') as HTMLTextAreaElement).value).toBe('Inter-pharmacy transfer request for 1 unit');
    fireEvent.change(field('Quantity'), { target: { value: '13' } });
    press('Submit Request');
    await screen.findByText('Only 12 units are available');
    fireEvent.change(field('Quantity'), { target: { value: '0' } });
    await screen.findByText('Quantity must be at least 1');
    expect(sent).toEqual([]);

    fireEvent.change(field('Quantity'), { target: { value: '4' } });
    expect((field('Notes') as HTMLTextAreaElement).value).toBe('Inter-pharmacy transfer request for 4 units');
    press('Submit Request');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { medicineId: 7, quantity: 4, notes: 'Inter-pharmacy transfer request for 4 units' },
    ]);
    expect(toasts).toEqual([{ title: 'Request submitted' }]);
  });

  it('speaks Arabic with its plural forms', async () => {
    await renderInRemote(
      <RequestDialog
        medicine={{ ...medicine, quantity: 2 }}
        label="اطلب استلام"
        notesKind="pickup"
        successTitle="x"
        onClose={() => {}}
      />,
      { language: 'ar' },
    );
    screen.getByText('وحدتين متاحين');
    expect((field('ملاحظات') as HTMLTextAreaElement).value).toBe('طلب استلام لوحدة واحدة');
    fireEvent.change(field('الكمية'), { target: { value: '3' } });
    press('ابعت الطلب');
    await screen.findByText('المتاح وحدتين بس');
  });
});

describe('the request dialog when a request is already open', () => {
  const openRequest = {
    id: 55,
    medicineId: 7,
    requesterId: 3,
    providerId: 2,
    status: 'pending',
    quantity: 2,
    notes: null,
    createdAt: new Date().toISOString(),
    medicine: { id: 7, name: 'Concor 5mg' },
    provider: { id: 2, name: 'Nile Pharmacy' },
  };
  const refusal = (message: string) =>
    new Response(JSON.stringify({ code: 'REQUEST_ALREADY_OPEN', message, details: { requestId: 55 } }), {
      status: 409,
      headers: { 'Content-Type': 'application/json' },
    });

  it('says so instead of a failure toast and opens the existing request, with its cancel action', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      refusal('You already have an open request for this medicine'),
    );
    const asked: string[] = [];
    const onClose = vi.fn();
    const { toasts } = await renderInRemote(transferDialog(onClose), {
      queryFn: async ({ queryKey }) => {
        asked.push(String(queryKey[0]));
        return openRequest;
      },
    });
    press('Submit Request');
    await screen.findByText('You already have an open request for this medicine');
    expect(toasts).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    press('Open my request');
    await within(screen.getByRole('dialog')).findByText('From \u2068Nile Pharmacy\u2069', { exact: false });
    expect(asked).toEqual(['/api/requests/55']);
    within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel Request: Concor 5mg' });
  });

  it('offers it in Arabic too', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => refusal('عندك طلب مفتوح بالفعل للدواء ده'));
    await renderInRemote(
      <RequestDialog
        medicine={medicine}
        label="اطلب استلام"
        notesKind="pickup"
        successTitle="x"
        onClose={() => {}}
      />,
      { language: 'ar', queryFn: async () => openRequest },
    );
    press('ابعت الطلب');
    await screen.findByText('عندك طلب مفتوح بالفعل للدواء ده');
    press('افتح طلبي');
    await within(screen.getByRole('dialog')).findByRole('button', { name: 'إلغاء الطلب: Concor 5mg' });
  });
});

describe('unlisting a listing', () => {
  it('keeps focus on its row, whose Unlist is gone, not on the page body (Arabic)', async () => {
    let unlisted: () => void = () => {};
    function Row() {
      const [listing, setListing] = useState<Medicine>(medicineFixture({ id: 30, name: 'Concor 5mg' }));
      unlisted = () => setListing((m) => ({ ...m, isAvailable: false }));
      return (
        <MedicineRow
          medicine={listing}
          showAvailability
          actions={<ListingActions medicine={listing} withPrices />}
        />
      );
    }
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url).endsWith('/api/medicines/30') && init?.method === 'DELETE') unlisted();
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { toasts } = await renderInRemote(<Row />, { language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء العرض: Concor 5mg' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'إلغاء العرض', hidden: true }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'إلغاء العرض: Concor 5mg' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Concor 5mg' })),
    );
  });
});
