// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRemote, requestFixture, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Inventory from './inventory';

afterEach(() => vi.restoreAllMocks());

describe('NGO inventory', () => {
  it('says a collection the owner disputed is not counted in what was received, in Arabic too', async () => {
    for (const [language, disputedText, collectedText] of [
      ['en', 'the owner says it was not handed over', 'Collected'],
      ['ar', 'صاحب الدوا بيقول إنه متسلّمش', 'اتسلّم'],
    ] as const) {
      servePages(() => ({
        items: [
          requestFixture({ id: 1, status: 'completed', handover: 'disputed', direction: 'outgoing' }),
          requestFixture({ id: 2, status: 'completed', handover: 'confirmed', direction: 'outgoing' }),
        ],
        total: 2,
      }));
      const { unmount } = await renderInRemote(
        <MemoryRouter>
          <Inventory />
        </MemoryRouter>,
        { role: 'ngo', texts, language, queryFn: async () => null },
      );
      const [disputed, confirmed] = await screen.findAllByTestId('request-row');
      expect(within(disputed!).getByText(new RegExp(disputedText))).toBeTruthy();
      expect(within(confirmed!).queryByText(new RegExp(disputedText))).toBeNull();
      expect(within(confirmed!).getByText(new RegExp(`^${collectedText} `))).toBeTruthy();
      unmount();
    }
  });
});
