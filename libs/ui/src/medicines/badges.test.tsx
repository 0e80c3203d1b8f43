// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { medicineFixture, requestFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { AvailabilityBadge } from './badges';
import { MedicineRow } from './medicine-row';
import { RequestRow } from './request-row';

describe('AvailabilityBadge', () => {
  it('calls a listing Available only while it is listed, has units left and has not expired', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    await renderInRemote(
      <>
        <p data-testid="offered">
          <AvailabilityBadge medicine={medicineFixture()} />
        </p>
        <p data-testid="expired">
          <AvailabilityBadge medicine={medicineFixture({ expiryDate: yesterday })} />
        </p>
        <p data-testid="taken">
          <AvailabilityBadge medicine={medicineFixture({ quantity: 0 })} />
        </p>
      </>,
    );
    screen.getByText('Available', { selector: '[data-testid="offered"] *' });
    screen.getByText('Unavailable', { selector: '[data-testid="expired"] *' });
    screen.getByText('Unavailable', { selector: '[data-testid="taken"] *' });
  });

  it('calls a listed listing whose every unit approvals took All promised, not Unavailable', async () => {
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
    const promised = { quantity: 0, reservedQuantity: 10 };
    await renderInRemote(
      <>
        <p data-testid="promised">
          <AvailabilityBadge medicine={medicineFixture(promised)} />
        </p>
        <p data-testid="partly">
          <AvailabilityBadge medicine={medicineFixture({ quantity: 2, reservedQuantity: 8 })} />
        </p>
        <p data-testid="expired">
          <AvailabilityBadge medicine={medicineFixture({ ...promised, expiryDate: yesterday })} />
        </p>
        <p data-testid="unlisted">
          <AvailabilityBadge medicine={medicineFixture({ ...promised, isAvailable: false })} />
        </p>
        <p data-testid="recalled">
          <AvailabilityBadge medicine={medicineFixture({ ...promised, quarantined: true })} />
        </p>
      </>,
    );
    screen.getByText('All given out', { selector: '[data-testid="promised"] *' });
    screen.getByText('Available', { selector: '[data-testid="partly"] *' });
    for (const id of ['expired', 'unlisted', 'recalled']) {
      screen.getByText('Unavailable', { selector: `[data-testid="${id}"] *` });
    }
  });
});

describe("units given to approved requests, on the owner's row", () => {
  const promised = (reservedQuantity: number, quantity = 0) =>
    medicineFixture({ quantity, reservedQuantity });

  it('are shown beside the units left, with All promised instead of Unavailable', async () => {
    await renderInRemote(
      <>
        <MedicineRow medicine={promised(10)} showAvailability />
        <MedicineRow medicine={promised(1, 4)} showAvailability />
        <MedicineRow medicine={medicineFixture({ id: 8, name: 'Fine 5mg' })} showAvailability />
      </>,
    );
    const [all, partly, none] = screen.getAllByTestId('medicine-row');
    expect(all!.textContent).toContain('0 units · 10 units given to approved requests');
    expect(within(all!).getByTestId('availability').textContent).toBe('All given out');
    expect(within(partly!).getByTestId('promised-units').textContent).toBe(
      '1 unit given to an approved request',
    );
    expect(within(partly!).getByTestId('availability').textContent).toBe('Available');
    expect(within(none!).queryByTestId('promised-units')).toBeNull();
    expect(screen.queryByText('Unavailable')).toBeNull();
  });

  it('read in Arabic with its plural forms and Latin digits', async () => {
    const { i18n } = await renderInRemote(<MedicineRow medicine={promised(10)} showAvailability />, {
      language: 'ar',
    });
    expect(screen.getByTestId('promised-units').textContent).toBe('10 وحدات راحت لطلبات اتوافق عليها');
    expect(screen.getByTestId('availability').textContent).toBe('اتوزّع كله');
    const t = (count: number) => i18n.t('medicine.promised', { count, ns: 'common' });
    expect(t(1)).toBe('وحدة واحدة راحت لطلب اتوافق عليه');
    expect(t(2)).toBe('وحدتين راحوا لطلبات اتوافق عليها');
    expect(t(11)).toBe('11 وحدة راحت لطلبات اتوافق عليها');
    expect(t(100)).toBe('100 وحدة راحت لطلبات اتوافق عليها');
  });
});

describe("a listing quarantined by a recall, on its owner's list", () => {
  const recalled = medicineFixture({ quarantined: true, quarantineReason: 'Sterility failure' });

  it('is marked Recalled — quarantined with the reason, and not Available', async () => {
    await renderInRemote(
      <>
        <MedicineRow medicine={recalled} showAvailability />
        <MedicineRow medicine={medicineFixture({ id: 8, name: 'Fine 5mg' })} showAvailability />
      </>,
    );
    expect(screen.getAllByTestId('quarantine-badge')).toHaveLength(1);
    screen.getByText('Recalled — quarantined');
    screen.getByText(/Recall: Sterility failure\./);
    expect(screen.getAllByText('Unavailable')).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    await renderInRemote(<MedicineRow medicine={recalled} showAvailability />, { language: 'ar' });
    screen.getByText('مسحوب — متحفّظ عليه');
    screen.getByText(/سبب السحب: Sterility failure/);
  });
});

describe('a request held by a recall', () => {
  it('is marked On hold with the reason; a request without a hold is not', async () => {
    await renderInRemote(
      <>
        <RequestRow request={requestFixture({ recallHold: 'Sterility failure' })} counterpart="provider" />
        <RequestRow request={requestFixture({ id: 43 })} counterpart="provider" />
      </>,
    );
    expect(screen.getAllByTestId('recall-hold')).toHaveLength(1);
    screen.getByText('On hold — batch recalled');
    screen.getByText('Batch recall: Sterility failure');
  });
});
