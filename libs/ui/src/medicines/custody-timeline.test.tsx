// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustodyEntry, MedicineRequest } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { CustodyButton } from './custody-timeline';

const request = {
  id: 9,
  status: 'cancelled',
  medicine: { name: 'Concor 5mg' },
} as unknown as MedicineRequest;
const entry = (id: number, step: Partial<CustodyEntry>): CustodyEntry => ({
  id,
  requestId: 9,
  at: `2026-12-0${id}T08:00:00Z`,
  status: 'approved',
  fromStatus: 'approved',
  actorId: 1,
  actorRole: 'pharmacy',
  actorName: 'Nile Pharmacy',
  medicineId: 4,
  medicineName: 'Concor 5mg',
  ownerId: 1,
  requesterId: 2,
  gtin: null,
  batch: null,
  serial: null,
  quantity: 2,
  confirmedByCode: false,
  handover: null,
  pickupWindow: null,
  ...step,
});
// Approved, a time agreed, then withdrawn by a new offer, then cancelled.
const log = [
  entry(1, { fromStatus: 'pending' }),
  entry(2, {
    actorId: 2,
    actorRole: 'ngo',
    actorName: 'Resala',
    pickupWindow: { startsAt: '2026-12-03T08:00:00Z', endsAt: '2026-12-03T10:00:00Z' },
  }),
  entry(3, {}),
  entry(4, { status: 'cancelled', actorId: 2, actorRole: 'ngo', actorName: 'Resala' }),
];

async function open(language: 'en' | 'ar') {
  await renderInRemote(<CustodyButton request={request} />, { language, queryFn: async () => log });
  fireEvent.click(
    screen.getByRole('button', { name: new RegExp(language === 'ar' ? 'سجل التسليم' : 'Custody log') }),
  );
  const entries = await screen.findAllByTestId('custody-entry');
  return entries.map((e) => e.querySelector('.fui-Text')?.textContent);
}

describe('the custody log', () => {
  it('tells an agreed pickup time withdrawn from one set (an entry without a window)', async () => {
    expect(await open('en')).toEqual([
      'Approved',
      'Pickup time set',
      'Agreed pickup time withdrawn',
      'Cancelled',
    ]);
  });

  it('in Arabic', async () => {
    expect(await open('ar')).toEqual([
      'اتقبل',
      'ميعاد الاستلام اتحدد',
      'ميعاد الاستلام المتفق عليه اتلغى',
      'اتلغى',
    ]);
  });

  it('keeps a Latin medicine name apart from the quantity after it, in Arabic', async () => {
    await open('ar');
    const line = screen.getAllByTestId('custody-entry')[0]!.querySelector('bdi');
    // Unisolated, the figure joined the name's left-to-right run: 'Concor 5mg · 3' read backwards.
    expect(line?.textContent).toBe('Concor 5mg');
    expect(line?.parentElement?.textContent).toMatch(/^Concor 5mg · /);
  });
});
