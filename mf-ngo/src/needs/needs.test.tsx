// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import Needs from './needs';

describe('NGO "What we need"', () => {
  it('is the shared wanted list under the NGO title', async () => {
    const asked = servePages(() => ({ items: [], total: 0 }));
    await renderInRemote(<Needs />, { texts, role: 'ngo' });
    screen.getByRole('heading', { name: 'What we need' });
    await screen.findByText('Nothing on your list yet');
    screen.getByRole('button', { name: 'Add a need' });
    expect(asked.map((u) => u.pathname + u.search)).toEqual(['/api/needs/my?page=1&pageSize=20']);
  });

  it('reads "محتاجين إيه" in Arabic', async () => {
    servePages(() => ({ items: [], total: 0 }));
    await renderInRemote(<Needs />, { texts, role: 'ngo', language: 'ar' });
    screen.getByRole('heading', { name: 'محتاجين إيه' });
    await screen.findByText('قايمتك لسه فاضية');
  });
});
