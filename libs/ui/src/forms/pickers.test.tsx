// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cairoDay } from '@medrelay/domain/calendar';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { MedicineForm } from '../medicines/medicine-form';
import { formatDay, parseDay } from './date-field';

describe('days typed and shown', () => {
  it('shows dd/mm/yyyy with Latin digits and reads it back, Arabic-Indic digits too', () => {
    expect(formatDay(new Date(2027, 0, 5))).toBe('05/01/2027');
    expect(parseDay('05/01/2027')).toEqual(new Date(2027, 0, 5));
    expect(parseDay('٠٥/٠١/٢٠٢٧')).toEqual(new Date(2027, 0, 5));
    expect(parseDay('2027-01-05')).toEqual(new Date(2027, 0, 5));
    expect(parseDay('31/02/2027')).toBeNull();
    expect(parseDay('01/05')).toBeNull();
  });
});

describe('the medicine form has no browser-native date or file controls', () => {
  it('shows the expiry day as dd/mm/yyyy and a translated file picker on Arabic screens', async () => {
    const medicine = medicineFixture({ expiryDate: '2027-03-09T21:59:59.999Z' }); // end of 9 March in Cairo
    await renderInRemote(<MedicineForm withPrices medicine={medicine} submitLabel="حفظ" onSave={vi.fn()} />, {
      language: 'ar',
    });
    expect(document.querySelector('input[type="date"]')).toBeNull();
    const expiry = screen.getByLabelText(/تاريخ انتهاء الصلاحية/) as HTMLInputElement;
    expect(expiry.value).toBe('09/03/2027');
    expect(expiry.getAttribute('placeholder')).toBe('يوم/شهر/سنة');
    // The browser's "Choose File / No file chosen" is replaced by our own words.
    screen.getByRole('button', { name: /اختار صورة/ });
    // Two pickers: the listing's photo and "scan from a photo", both in Arabic.
    expect(screen.getAllByText('مفيش صورة متختارة')).toHaveLength(2);
    const file = new File(['png'], 'علبة.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('صورة (اختياري)', { selector: 'input' }), {
      target: { files: [file] },
    });
    await screen.findByText('علبة.png');
  });

  it('takes a typed dd/mm/yyyy expiry day and sends it as that day', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={onSave} />);
    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Medicine Name/, 'Panadol');
    type(/^Type/, 'tablets');
    const next = new Date();
    const day = new Date(next.getFullYear() + 1, 5, 15);
    const expiry = screen.getByLabelText(/^Expiry Date/);
    fireEvent.change(expiry, { target: { value: formatDay(day) } });
    fireEvent.blur(expiry);
    fireEvent.click(screen.getByRole('button', { name: 'Add Medicine' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    const sent = onSave.mock.calls[0]![0] as { expiryDate: string };
    // The end of that day in Cairo.
    expect(cairoDay(sent.expiryDate)).toBe(`${day.getFullYear()}-06-15`);
  });
});
