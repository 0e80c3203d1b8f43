// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('sends the quantity it opened with beside a new one, though the listing moved while it was open', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const form = (quantity: number) => (
      <MedicineForm withPrices medicine={medicineFixture({ quantity })} submitLabel="Save" onSave={onSave} />
    );
    const { rerender } = await renderInRemote(form(10));
    // An approval reached the page meanwhile: the list reloads the listing with 6 left.
    rerender(form(6));
    type('Quantity', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    // The server compares 10 with what it holds (6) and refuses: nothing promised twice.
    expect(onSave.mock.calls[0]![2]).toEqual({ quantity: 12, quantitySeen: 10 });
  });

  it('says under Quantity how many units are already promised, and that the quantity is what is offered beyond them', async () => {
    const medicine = medicineFixture({ quantity: 0, reservedQuantity: 10 });
    const form = <MedicineForm withPrices medicine={medicine} submitLabel="Save" onSave={vi.fn()} />;
    await renderInRemote(form);
    screen.getByText(
      '10 units already went to approved requests (collected or awaiting pickup) and are not counted here: the quantity is what you still offer beyond them.',
    );
    document.body.innerHTML = '';
    await renderInRemote(form, { language: 'ar' });
    screen.getByText(
      '10 وحدات راحت لطلبات اتوافق عليها (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنهم.',
    );
  });

  it('says nothing of promised units when there are none, nor on the add form', async () => {
    await renderInRemote(
      <>
        <MedicineForm withPrices medicine={medicineFixture()} submitLabel="Save" onSave={vi.fn()} />
        <MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />
      </>,
    );
    expect(screen.queryByText(/promised/)).toBeNull();
  });

  it('keeps the add form at quantity ≥ 1 with the §5 message', async () => {
    const onSave = vi.fn();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={onSave} />);
    type('Medicine Name', 'Panadol');
    type('Type', 'tablets');
    type('Quantity', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Add Medicine' }));
    await screen.findByText('Quantity must be at least 1');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('the Type field: a fixed list of dosage forms', () => {
  it('offers the translated forms and refuses none chosen', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    await renderInRemote(<MedicineForm withPrices={false} submitLabel="Add" onSave={onSave} />);
    const select = screen.getByLabelText('Type', { exact: false }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    const options = [...select.options].map((o) => [o.value, o.textContent]);
    expect(options[0]).toEqual(['', 'Choose a type']);
    expect(options).toContainEqual(['suppository', 'Suppositories']);
    expect(options).toHaveLength(16);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Medicine type is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the chosen key when an owner changes the form of a listing', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    await renderInRemote(
      <MedicineForm withPrices medicine={medicineFixture()} submitLabel="Save" onSave={onSave} />,
    );
    expect((screen.getByLabelText('Type', { exact: false }) as HTMLSelectElement).value).toBe('tablets');
    type('Type', 'syrup');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![2]).toEqual({ type: 'syrup' });
  });

  it("reads the forms in Arabic on Arabic screens and keeps an edited listing's form", async () => {
    await renderInRemote(
      <MedicineForm
        withPrices
        medicine={medicineFixture({ type: 'syrup' })}
        submitLabel="حفظ"
        onSave={vi.fn()}
      />,
      { language: 'ar' },
    );
    const select = screen.getByLabelText('النوع', { exact: false }) as HTMLSelectElement;
    expect(select.value).toBe('syrup');
    const labels = [...select.options].map((o) => o.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['اختار النوع', 'أقراص', 'شراب', 'حقن', 'لبوس', 'نوع تاني']),
    );
  });
});

describe('the medicine form on Arabic screens and phones', () => {
  it('lets free text follow what is typed (dir="auto") and lines the two prices up', async () => {
    await renderInRemote(<MedicineForm withPrices submitLabel="إضافة" onSave={vi.fn()} />, {
      language: 'ar',
    });
    for (const box of [screen.getByLabelText(/اسم الدواء/), screen.getByLabelText(/الوصف/)]) {
      expect(box.getAttribute('dir')).toBe('auto');
    }
    const original = screen.getByLabelText(/السعر الأصلي/).closest('.fui-Field')!;
    const discount = screen.getByLabelText(/السعر بعد الخصم/).closest('.fui-Field')!;
    const pair = original.parentElement!;
    expect(discount.parentElement).toBe(pair);
    // Not stretched to the taller cell (the one with the hint).
    expect(getComputedStyle(pair).alignItems).toBe('start');
  });
});

describe('a GTIN typed on an Arabic keyboard', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is checked against recalls like the same GTIN in Latin digits', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const recalled =
        new URL(String(input), 'http://localhost').pathname === '/api/products/06221234567891/recall';
      return new Response(
        JSON.stringify(
          recalled
            ? { recalled: true, reason: 'Particles found in vials', recalledAt: '2026-11-20T10:00:00.000Z' }
            : { message: 'Not found', code: 'NOT_FOUND' },
        ),
        { status: recalled ? 200 : 404, headers: { 'Content-Type': 'application/json' } },
      );
    });
    await renderInRemote(<MedicineForm withPrices submitLabel="ضيف الدوا" onSave={vi.fn()} />, {
      language: 'ar',
    });
    type('كود المنتج (GTIN)', '٠٦٢٢١٢٣٤٥٦٧٨٩١');
    type('رقم التشغيلة', 'LOT-9');
    await screen.findByTestId('batch-recall-warning');
  });
});

describe('the listing form’s prices', () => {
  it('are asked per unit, and an empty discount price is said to give the medicine away free', async () => {
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    screen.getByLabelText('Original price per unit (EGP)');
    screen.getByLabelText('Discount price per unit (EGP)');
    screen.getByText('The price of one unit, not of the whole lot. Leave empty or 0 if unknown');
    screen.getByText(
      'What a buyer pays for one unit. Leave empty or 0 to give it away free, even with an original price',
    );
  });

  it('in Arabic too', async () => {
    await renderInRemote(<MedicineForm withPrices submitLabel="ضيف" onSave={vi.fn()} />, { language: 'ar' });
    screen.getByLabelText('السعر الأصلي للوحدة (جنيه)');
    screen.getByLabelText('السعر بعد الخصم للوحدة (جنيه)');
    screen.getByText(
      'اللي المشتري هيدفعه في الوحدة الواحدة. لو سبته فاضي أو 0 الدوا هيتعرض مجاناً، حتى لو كاتب السعر الأصلي',
    );
  });
});
