// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { AvailabilityBadge } from './badges';

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
