// @vitest-environment happy-dom
import type { UseQueryResult } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '@medrelay/api-client';
import type { Medicine } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { BrowseResults } from './browse-results';

const loaded = (total: number) =>
  ({
    data: { items: [], total },
    isPending: false,
    isError: false,
    isSuccess: true,
    isPlaceholderData: false,
  }) as unknown as UseQueryResult<Page<Medicine>>;

describe('BrowseResults paging', () => {
  const show = (page: number, total: number, onPage = vi.fn()) =>
    renderInRemote(
      <BrowseResults
        query={loaded(total)}
        page={page}
        onPage={onPage}
        label="Stock"
        failedTitle="Failed"
        empty="Nothing here"
        actions={() => null}
      />,
    ).then(() => onPage);

  it('moves a page past the end (others took the stock) back to the last page, keeping the pager', async () => {
    const onPage = await show(3, 25);
    await waitFor(() => expect(onPage).toHaveBeenCalledWith(2));
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('moves to page 1 when nothing is left, and leaves a page in range alone', async () => {
    const emptied = await show(2, 0);
    await waitFor(() => expect(emptied).toHaveBeenCalledWith(1));
    const inRange = await show(2, 25);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inRange).not.toHaveBeenCalled();
  });
});

describe('BrowseResults count line', () => {
  it('gives an empty result one message, not the count line too', async () => {
    await renderInRemote(
      <BrowseResults
        query={loaded(0)}
        page={1}
        onPage={vi.fn()}
        label="Stock"
        failedTitle="Failed"
        countLabel={(total) => `Found ${total} available medicines`}
        empty="No matching medicines found"
        actions={() => null}
      />,
    );
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['No matching medicines found']);
    expect(screen.queryByTestId('result-count')).toBeNull();
  });

  it("says whether the total is the server's estimate of a large list", async () => {
    const countLabel = (total: number, estimated: boolean) => `${estimated ? 'about' : 'exactly'} ${total}`;
    const query = (estimated?: boolean) =>
      ({ ...loaded(54_974), data: { items: [], total: 54_974, estimated } }) as UseQueryResult<
        Page<Medicine>
      >;
    const render = (estimated?: boolean) =>
      renderInRemote(
        <BrowseResults
          query={query(estimated)}
          page={1}
          onPage={vi.fn()}
          label="Stock"
          failedTitle="Failed"
          countLabel={countLabel}
          empty="Nothing here"
          actions={() => null}
        />,
      );
    await render(true);
    expect(screen.getByTestId('result-count').textContent).toBe('about 54974');
    document.body.innerHTML = '';
    await render(undefined);
    expect(screen.getByTestId('result-count').textContent).toBe('exactly 54974');
  });
});
