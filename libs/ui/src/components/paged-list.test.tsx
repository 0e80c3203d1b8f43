// @vitest-environment happy-dom
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '@medrelay/api-client';
import { renderInRemote } from '../test-support';
import { PagedList, usePaging } from './paged-list';

/** The server's list; pages of 2. */
let rows: number[] = [];

function List() {
  const paging = usePaging(2);
  const client = useQueryClient();
  const query = useQuery<Page<{ id: number }>>({
    queryKey: ['/rows', paging.page],
    queryFn: async () => ({
      items: rows.slice((paging.page - 1) * 2, paging.page * 2).map((id) => ({ id })),
      total: rows.length,
    }),
  });
  return (
    <>
      {/* As after a mutation: every page of the list is asked again. */}
      <button onClick={() => void client.invalidateQueries({ queryKey: ['/rows'] })}>reload</button>
      <PagedList query={query} paging={paging} label="Rows" failedTitle="Failed" empty={<p>Nothing here</p>}>
        {(row) => <p key={row.id}>Row {row.id}</p>}
      </PagedList>
    </>
  );
}

describe('PagedList', () => {
  it('pages with the Pager and steps back when the last page empties', async () => {
    rows = [1, 2, 3, 4, 5];
    await renderInRemote(<List />);
    await screen.findByText('Row 1');
    screen.getByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('Row 5');
    screen.getByText('Page 3 of 3');
    // Row 5 is answered elsewhere: page 3 comes back empty, so the list goes to page 2.
    rows = [1, 2, 3, 4];
    fireEvent.click(screen.getByRole('button', { name: 'reload' }));
    await screen.findByText('Row 3');
    await waitFor(() => screen.getByText('Page 2 of 2'));
    expect(screen.queryByText('Nothing here')).toBeNull();
  });

  it('shows the empty state for an empty list, without a Pager', async () => {
    rows = [];
    await renderInRemote(<List />);
    await screen.findByText('Nothing here');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
