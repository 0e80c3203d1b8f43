// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
  };
};

describe('pharmacy Requests: focus after a decision', () => {
  it('moves to the next request’s first action, then to the section heading when none is left', async () => {
    let server = [pending(1, 'Concor 5mg'), pending(2, 'Panadol')];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const id = Number(String(url).match(/requests\/(\d+)/)![1]);
      server = server.filter((r) => r.id !== id);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await renderInRemote(
      <MemoryRouter>
        <Requests />
      </MemoryRouter>,
      { texts, queryFn: async () => server },
    );
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
