// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderInRemote } from '../test-support';
import { NextAction } from './next-action';

const step = {
  title: 'Add your first medicine',
  body: 'NGOs near you are looking.',
  action: { to: '/add', label: 'Add medicine' },
};

describe('NextAction', () => {
  it('holds its place while the figures that choose it load, then shows the step there', async () => {
    const { rerender } = await renderInRemote(
      <MemoryRouter>
        <NextAction step={null} loading />
      </MemoryRouter>,
    );
    const placeholder = screen.getByTestId('next-action-placeholder');
    // A frame with no text or control to reach: the step arrives into it.
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
    expect(placeholder.querySelector('a, button')).toBeNull();
    expect(screen.queryByTestId('next-action')).toBeNull();

    rerender(
      <MemoryRouter>
        <NextAction step={step} loading={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('next-action-placeholder')).toBeNull();
    expect(screen.getByRole('region', { name: 'Add your first medicine' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add medicine' }).getAttribute('href')).toMatch(/\/add$/);
  });

  it('shows nothing once loaded without a step (e.g. the figures failed)', async () => {
    await renderInRemote(<NextAction step={null} loading={false} />);
    expect(screen.queryByTestId('next-action-placeholder')).toBeNull();
    expect(screen.queryByTestId('next-action')).toBeNull();
  });
});
