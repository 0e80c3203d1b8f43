// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
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
