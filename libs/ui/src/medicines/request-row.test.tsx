// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MedicineRequest } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { medicineFixture } from '../test-support/fixtures';
import { MedicineRow } from './medicine-row';
import { RequestRow } from './request-row';

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
