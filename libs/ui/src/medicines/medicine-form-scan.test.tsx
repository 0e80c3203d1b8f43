// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRemote } from '../test-support/render';
import { MedicineForm } from './medicine-form';

// Scanning packs into the add form: each scan describes its own pack, never the one before.
afterEach(() => vi.restoreAllMocks());

/** Box A: a product the dictionary knows. Box B: a GTIN it has never seen. */
const boxA = '06221234567891';
const boxB = '06221000000010';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The catalog: A is known (its answer waits for `productA` when given), anything else is not. */
function catalogApi(productA?: Promise<unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/products/${boxA}`) {
      await productA;
      return json(200, {
        gtin: boxA,
        name: 'Panadol Extra',
        type: 'tablets',
        source: 'listing',
        updatedAt: '2026-11-01T10:00:00.000Z',
      });
    }
    if (url.pathname.endsWith('/recall'))
      return json(200, { recalled: false, reason: null, recalledAt: null });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

/** A scanner app sending a whole code into the focused field. */
function scan(code: string) {
  screen
    .getByLabelText('Description')
    .dispatchEvent(
      new InputEvent('beforeinput', { inputType: 'insertText', data: code, bubbles: true, cancelable: true }),
    );
}

const value = (label: string) => (screen.getByLabelText(label, { exact: false }) as HTMLInputElement).value;

describe('a second scan in the same form', () => {
  it("clears what only the first box carried: B's GTIN is never saved with A's name, type, serial or batch", async () => {
    catalogApi();
    const onSave = vi.fn();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={onSave} />);
    scan(`]d201${boxA}17301231\u001d10LOTA\u001d21SERIALA`);
    await waitFor(() => expect(value('Medicine Name')).toBe('Panadol Extra'));
    expect(value('Type')).toBe('tablets');
    expect(value('Serial')).toBe('SERIALA');

    // Box B's code carries only its GTIN and expiry.
    scan(`]d201${boxB}17311130`);
    await waitFor(() => expect(value('Product code (GTIN)')).toBe(boxB));
    await waitFor(() => expect(screen.getByTestId('scan-note').textContent).toContain('Filled'));
    expect(value('Medicine Name')).toBe('');
    expect(value('Type')).toBe('');
    expect(value('Serial')).toBe('');
    expect(value('Batch')).toBe('');

    // Saving asks for B's own name and type instead of teaching the dictionary "B = Panadol Extra".
    fireEvent.click(screen.getByRole('button', { name: 'Add Medicine' }));
    await screen.findByText('Medicine type is required');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("clears an expiry date the new box's code does not carry, and keeps a name the user typed", async () => {
    catalogApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Medicine Name', { exact: false }), {
      target: { value: 'My own name' },
    });
    scan(`]d201${boxB}17301231\u001d10LOTB`);
    await waitFor(() => expect(value('Batch')).toBe('LOTB'));
    scan(`]d201${boxA}`);
    await waitFor(() => expect(value('Product code (GTIN)')).toBe(boxA));
    await waitFor(() => expect(value('Batch')).toBe(''));
    expect(value('Expiry Date')).toBe('');
    // Typed by the user, not filled by the dictionary: kept.
    expect(value('Medicine Name')).toBe('My own name');
  });

  it('a second scan of the same product keeps what the form holds', async () => {
    catalogApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    scan(`]d201${boxA}17301231\u001d10LOTA\u001d21SERIALA`);
    await waitFor(() => expect(value('Medicine Name')).toBe('Panadol Extra'));
    scan(`(01)${boxA}(10)LOTA`);
    await waitFor(() => expect(screen.getByTestId('scan-note').textContent).toContain('Filled'));
    expect(value('Serial')).toBe('SERIALA');
    expect(value('Medicine Name')).toBe('Panadol Extra');
  });

  it('a slow answer for box A does not name box B, scanned meanwhile', async () => {
    let answerA!: () => void;
    catalogApi(new Promise<void>((resolve) => (answerA = resolve)));
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    scan(`]d201${boxA}`);
    await waitFor(() => expect(value('Product code (GTIN)')).toBe(boxA));
    scan(`]d201${boxB}`);
    await waitFor(() => expect(screen.getByTestId('scan-note').textContent).toContain('Filled'));
    answerA();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(value('Product code (GTIN)')).toBe(boxB);
    expect(value('Medicine Name')).toBe('');
  });
});

describe("a box's retail barcode", () => {
  it('an EAN-13 scanned alone fills the GTIN and the name and type the dictionary knows', async () => {
    catalogApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    scan('6221234567891');
    await waitFor(() => expect(value('Medicine Name')).toBe('Panadol Extra'));
    expect(value('Product code (GTIN)')).toBe(boxA);
    expect(screen.getByTestId('scan-note').textContent).toBe(
      'Filled from the pack code and the product list: check the details before saving.',
    );
  });

  it('a code with nothing a listing uses is refused, not "filled" with nothing', async () => {
    catalogApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    scan(`]d23012`);
    await waitFor(() =>
      expect(screen.getByTestId('scan-note').textContent).toBe('This is not a medicine pack code (GS1)'),
    );
  });
});
