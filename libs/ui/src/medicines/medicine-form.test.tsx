// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { MedicineForm } from './medicine-form';

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('the edit medicine form', () => {
  it('sends only the fields the owner changed, even for a fully reserved listing (quantity 0)', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const medicine = medicineFixture({ quantity: 0, reservedQuantity: 12 });
    await renderInRemote(<MedicineForm withPrices medicine={medicine} submitLabel="Save" onSave={onSave} />);
    type('Medicine Name', 'Concor 10mg');
    type('Discount Price', '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![2]).toEqual({ name: 'Concor 10mg', discountPrice: '30.00' });
  });

  it('keeps the add form at quantity ≥ 1 with the §5 message', async () => {
    const onSave = vi.fn();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={onSave} />);
    type('Medicine Name', 'Panadol');
    type('Type', 'Tablets');
    type('Quantity', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add Medicine' }));
    await screen.findByText('Quantity must be at least 1');
    expect(onSave).not.toHaveBeenCalled();
  });
});
