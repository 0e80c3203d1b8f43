// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { MedicineForm } from './medicine-form';
import { MedicineRow } from './medicine-row';
import RequestDialog from './request-dialog';

// guardrail categories on the form, the cold-chain badge and the cool-box reminder.
const tick = (label: string) => fireEvent.click(screen.getByRole('checkbox', { name: label }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('categories on the listing form', () => {
  it('a pharmacy ticks categories; an edit sends only them, in canonical order', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    await renderInRemote(
      <MedicineForm withPrices medicine={medicineFixture()} submitLabel="Save" onSave={onSave} />,
    );
    screen.getByText('Tick what applies to this medicine.');
    tick('Cold chain (keep refrigerated)');
    tick('Prescription-only');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![2]).toEqual({ categories: ['prescription', 'coldChain'] });
  });

  it('a donor is told before submit which categories donors may not list, and a forbidden one stops the form', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    // A donor's donation being edited: every other field is valid as it stands.
    const donation = medicineFixture({
      source: 'donor',
      pharmacyId: null,
      donorId: 3,
      originalPrice: null,
      discountPrice: null,
    });
    await renderInRemote(
      <MedicineForm withPrices={false} medicine={donation} submitLabel="Add Donation" onSave={onSave} />,
      { role: 'donor' },
    );
    screen.getByText(
      /Individual donors cannot list: Prescription-only, Controlled \(narcotic \/ psychotropic\), Cold chain/,
    );
    type('Medicine Name', 'Insulin');
    tick('Cold chain (keep refrigerated)');
    await screen.findByText(
      'Individual donors cannot list cold-chain (refrigerated) medicines; give them to a pharmacy',
    );
    const submit = screen.getByRole('button', { name: 'Add Donation' });
    fireEvent.click(submit);
    // The refused submit has ended (the button is disabled while one runs: a click then is lost).
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    // Unticked, the message goes.
    tick('Cold chain (keep refrigerated)');
    await waitFor(() =>
      expect(screen.queryByText(/cannot list cold-chain \(refrigerated\) medicines/)).toBeNull(),
    );
    expect(onSave).not.toHaveBeenCalled();
    // Without it the same form is sent: the category alone had stopped it.
    fireEvent.click(submit);
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![2]).toEqual({ name: 'Insulin' });
  });

  it('in Arabic, the donor rule and the labels are Egyptian Arabic', async () => {
    await renderInRemote(<MedicineForm withPrices={false} submitLabel="x" onSave={vi.fn()} />, {
      role: 'donor',
      language: 'ar',
    });
    screen.getByText(/المتبرعين الأفراد مايقدروش يعرضوا: بروشتة بس، /);
    screen.getByRole('checkbox', { name: 'سلسلة تبريد (يتحفظ في التلاجة)' });
  });
});

describe('cold chain on lists and the request dialog', () => {
  it('a cold-chain listing shows its badge (and other categories), a plain one none', async () => {
    await renderInRemote(
      <>
        <MedicineRow
          medicine={medicineFixture({ id: 1, name: 'Insulin', categories: ['prescription', 'coldChain'] })}
        />
        <MedicineRow medicine={medicineFixture({ id: 2, name: 'Panadol' })} />
      </>,
    );
    const [insulin, panadol] = screen.getAllByTestId('medicine-row');
    expect(within(insulin!).getByTestId('cold-chain-badge').textContent).toBe('Cold chain');
    within(insulin!).getByText('Prescription-only');
    expect(within(panadol!).queryByTestId('cold-chain-badge')).toBeNull();
  });

  it('the request dialog reminds the collector to bring a cool box, in both languages', async () => {
    const medicine = { id: 7, name: 'Insulin', quantity: 3, categories: ['coldChain' as const] };
    const { unmount } = await renderInRemote(
      <RequestDialog
        medicine={medicine}
        label="Request Pickup"
        notesKind="pickup"
        successTitle="x"
        onClose={() => {}}
      />,
    );
    expect(screen.getByTestId('cool-box-reminder').textContent).toContain('bring a cool box');
    unmount();
    await renderInRemote(
      <RequestDialog
        medicine={medicine}
        label="اطلب استلام"
        notesKind="pickup"
        successTitle="x"
        onClose={() => {}}
      />,
      { language: 'ar' },
    );
    expect(screen.getByTestId('cool-box-reminder').textContent).toContain('شنطة تبريد');
  });

  it('no reminder for a medicine that needs no cold chain', async () => {
    await renderInRemote(
      <RequestDialog
        medicine={{ id: 8, name: 'Panadol', quantity: 3, categories: [] }}
        label="Request Pickup"
        notesKind="pickup"
        successTitle="x"
        onClose={() => {}}
      />,
    );
    screen.getByRole('dialog');
    expect(screen.queryByTestId('cool-box-reminder')).toBeNull();
  });
});
