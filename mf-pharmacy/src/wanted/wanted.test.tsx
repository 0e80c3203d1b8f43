// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Wanted from './wanted';

describe('pharmacy "Wanted"', () => {
  it('is the shared wanted list under the pharmacy title', async () => {
    const asked = servePages(() => ({ items: [], total: 0 }));
    await renderInRemote(<Wanted />, { texts });
    screen.getByRole('heading', { name: 'Wanted' });
    await screen.findByText('Nothing on your list yet');
    expect(asked.map((u) => u.pathname + u.search)).toEqual(['/api/needs/my?page=1&pageSize=20']);
  });

  it('reads "مطلوب" in Arabic', async () => {
    servePages(() => ({ items: [], total: 0 }));
    await renderInRemote(<Wanted />, { texts, language: 'ar' });
    screen.getByRole('heading', { name: 'مطلوب' });
    await screen.findByText('قايمتك لسه فاضية');
  });
});
