// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MedicineCreate } from '@medrelay/contracts';
import { tokenStore } from '@medrelay/api-client';
import { MedicineForm } from '../medicines/medicine-form';
import { RequestRow } from '../medicines/request-row';
import { useSaveMedicine } from '../medicines/use-save-medicine';
import { medicineFixture, requestFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';

// a recalled batch warns before saving and never reads "available"; the
// requester's row of collected units is flagged quarantined and acknowledged from there.
afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

const gtin = '06221234567891';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The catalog's answer for a pack's batch: LOT-9 is under a recall, any other batch is not. */
function recallApi() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/products/${gtin}/recall`)
      return json(
        200,
        url.searchParams.get('batch') === 'LOT-9'
          ? { recalled: true, reason: 'Particles found in vials', recalledAt: '2026-11-20T10:00:00.000Z' }
          : { recalled: false, reason: null, recalledAt: null },
      );
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('the listing form and a recalled batch', () => {
  it('warns before saving once the GTIN and batch name a recalled batch', async () => {
    const fetched = recallApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    type('Product code (GTIN)', gtin);
    type('Batch', 'LOT-1');
    await waitFor(() =>
      expect(fetched.mock.calls.some(([u]) => String(u).includes('batch=LOT-1'))).toBe(true),
    );
    expect(screen.queryByTestId('batch-recall-warning')).toBeNull();
    type('Batch', 'LOT-9');
    const warning = await screen.findByTestId('batch-recall-warning');
    expect(warning.textContent).toContain('This batch is recalled');
    expect(warning.textContent).toContain(
      'Recall: Particles found in vials. If you list it, it is quarantined at once: hidden and not requestable.',
    );
    // Before the button that saves.
    const submit = screen.getByRole('button', { name: 'Add Medicine' });
    expect(warning.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a scanned pack of a recalled batch: the scan note says so at once, and the warning stands before saving', async () => {
    recallApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="Add Medicine" onSave={vi.fn()} />);
    // A scanner app sends the whole GS1 code at once into the focused field.
    const code = `]d201${gtin}17301231\u001d10LOT-9`;
    screen.getByLabelText('Description').dispatchEvent(
      new InputEvent('beforeinput', {
        inputType: 'insertText',
        data: code,
        bubbles: true,
        cancelable: true,
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('scan-note').textContent).toBe(
        'Filled from the pack code. Its batch is recalled: read the warning before saving.',
      ),
    );
    expect((screen.getByLabelText('Batch') as HTMLInputElement).value).toBe('LOT-9');
    await screen.findByTestId('batch-recall-warning');
  });

  it('says it in Arabic on Arabic screens', async () => {
    recallApi();
    await renderInRemote(<MedicineForm withPrices submitLabel="ضيف الدوا" onSave={vi.fn()} />, {
      language: 'ar',
    });
    type('كود المنتج (GTIN)', gtin);
    type('رقم التشغيلة', 'LOT-9');
    const warning = await screen.findByTestId('batch-recall-warning');
    expect(warning.textContent).toContain('التشغيلة دي اتسحبت');
    expect(warning.textContent).toContain('سبب السحب: Particles found in vials.');
  });

  it('after saving, says the listing is quarantined, never "available for requests"', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(201, medicineFixture({ gtin, batch: 'LOT-9', quarantined: true, quarantineReason: 'Recalled' })),
    );
    let save!: ReturnType<typeof useSaveMedicine>;
    function Probe() {
      save = useSaveMedicine();
      return null;
    }
    const { toasts } = await renderInRemote(<Probe />);
    await act(() => save({ name: 'Concor 5mg' } as MedicineCreate, null));
    expect(toasts).toEqual([
      {
        title: 'Listed, but quarantined',
        description:
          'Its batch is recalled: nobody can see or request it until the recall is lifted. Set the packs aside and do not dispense them.',
      },
    ]);
    expect(JSON.stringify(toasts)).not.toContain('available');
  });
});

describe("a requester's row of collected units from a recalled batch", () => {
  const flagged = (acknowledgedAt: string | null) =>
    requestFixture({
      status: 'completed',
      recallQuarantine: { recallId: 5, reason: 'Dissolution failure', acknowledgedAt },
    });

  it('shows the quarantine badge and what to do, and acknowledges from the row', async () => {
    tokenStore.set('component-test-token');
    const posted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') posted.push(url);
      return json(200, {
        recallId: 5,
        gtin,
        batch: 'C1',
        reason: 'Dissolution failure',
        holdings: [],
        notifiedAt: '2026-11-20T10:00:00.000Z',
        acknowledgedAt: '2026-11-20T11:00:00.000Z',
      });
    });
    await renderInRemote(<RequestRow request={flagged(null)} counterpart="provider" />, { role: 'ngo' });
    const row = screen.getByTestId('request-row');
    within(row).getByText('Recalled — quarantined');
    within(row).getByText(
      'Recall: Dissolution failure. Set these units aside and do not dispense them until the recall is lifted.',
      { exact: false },
    );
    fireEvent.click(within(row).getByRole('button', { name: 'I have set these units aside' }));
    await within(row).findByTestId('recall-acknowledged');
    expect(posted).toEqual(['/api/recall-notices/5/acknowledge']);
    expect(within(row).queryByRole('button', { name: 'I have set these units aside' })).toBeNull();
  });

  it('once acknowledged, says when; the owner reads the units are quarantined with the recipient', async () => {
    await renderInRemote(
      <>
        <RequestRow request={flagged('2026-11-20T11:00:00.000Z')} counterpart="provider" />
        <RequestRow request={{ ...flagged(null), id: 43, direction: 'incoming' }} counterpart="requester" />
      </>,
      { role: 'ngo', language: 'ar' },
    );
    const [mine, theirs] = screen.getAllByTestId('request-row');
    within(mine!).getByTestId('recall-acknowledged');
    expect(within(mine!).getByTestId('recall-acknowledged').textContent).toContain('اتشالت على جنب، اتأكّد');
    within(theirs!).getByText('مسحوب — متحفّظ عليه');
    within(theirs!).getByText(
      'سبب السحب: Dissolution failure. الوحدات اللي سلّمتها متحفّظ عليها عند اللي استلمها.',
    );
    expect(within(theirs!).queryByTestId('recall-acknowledge')).toBeNull();
  });

  it('shows nothing of a recall on an ordinary row', async () => {
    await renderInRemote(
      <RequestRow request={requestFixture({ status: 'completed' })} counterpart="provider" />,
    );
    expect(screen.queryByText('Recalled — quarantined')).toBeNull();
    expect(screen.queryByTestId('recall-quarantine')).toBeNull();
  });
});
