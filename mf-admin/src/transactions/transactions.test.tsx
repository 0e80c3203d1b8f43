// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestStats } from '@medrelay/contracts';
import { renderInRemote, requestFixture } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Transactions from './transactions';

afterEach(() => vi.restoreAllMocks());

const stats: RequestStats = {
  totalRequests: 3,
  requestStatus: { pending: 0, approved: 1, rejected: 0, completed: 1, cancelled: 0, disputed: 1 },
  needsOpen: 0,
  needsMet: 0,
  medianHoursToFirstRequest: null,
};
const rows = [
  requestFixture({ id: 1, status: 'completed', handover: 'disputed' }),
  requestFixture({ id: 2, status: 'completed', handover: 'confirmed' }),
];

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const body = url.includes('/stats') ? stats : rows;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(rows.length) },
    });
  });
});

describe('/admin/transactions', () => {
  it('marks a disputed collection on its row (the Completed figure leaves it out)', async () => {
    await renderInRemote(
      <MemoryRouter>
        <Transactions />
      </MemoryRouter>,
      { role: 'admin', texts },
    );
    const [disputed, confirmed] = await screen.findAllByTestId('transaction-row');
    expect(within(disputed!).getByTestId('handover-state').textContent).toBe('Disputed');
    expect(within(confirmed!).queryByTestId('handover-state')).toBeNull();
  });
});
