// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MedicineCreate } from '@medrelay/contracts';
import { medicineFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { MedicineImage } from './medicine-image';
import { useSaveMedicine } from './use-save-medicine';

afterEach(() => vi.restoreAllMocks());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tooLarge = () =>
  json(413, { message: 'The photo must be at most 5 MB', code: 'IMAGE_TOO_LARGE', details: [] });

/** The API as the gateway answers it: fields saved, the photo refused. */
function photoRefusingApi() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/image')) return tooLarge();
    const medicine = medicineFixture({ name: 'Concor 10mg' });
    return json(init?.method === 'POST' ? 201 : 200, medicine);
  });
}

async function renderSave() {
  let save!: ReturnType<typeof useSaveMedicine>;
  function Probe() {
    save = useSaveMedicine();
    return null;
  }
  const { toasts } = await renderInRemote(<Probe />);
  return { save: (...args: Parameters<typeof save>) => act(() => save(...args)), toasts };
}

const photo = new File(['x'], 'box.png', { type: 'image/png' });
const values = { name: 'Concor 10mg' } as MedicineCreate;

describe('saving a medicine with a photo the server refuses', () => {
  it('on create: still "Medicine listed successfully", saying the photo was not saved and why', async () => {
    photoRefusingApi();
    const { save, toasts } = await renderSave();
    await save(values, photo);
    expect(toasts).toEqual([
      {
        title: 'Medicine listed successfully',
        description:
          'The photo was not saved (The photo must be at most 5 MB). Add it again by editing the listing.',
      },
    ]);
  });

  it('on edit: the changes were saved, the photo was not', async () => {
    photoRefusingApi();
    const { save, toasts } = await renderSave();
    await save(values, photo, { medicine: medicineFixture(), changes: { name: 'Concor 10mg' } });
    expect(toasts).toEqual([
      {
        title: 'Changes saved, but the photo was not',
        description: 'The photo must be at most 5 MB',
        intent: 'destructive',
      },
    ]);
  });

  it('on edit of the photo alone: the photo was not saved', async () => {
    photoRefusingApi();
    const { save, toasts } = await renderSave();
    await expect(save(values, photo, { medicine: medicineFixture(), changes: {} })).rejects.toThrow();
    expect(toasts[0]).toMatchObject({ title: 'The photo was not saved', intent: 'destructive' });
  });
});

describe('MedicineImage', () => {
  const photoApi = () =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/refused/')) return json(404, { message: 'Photo not found', code: 'NOT_FOUND' });
      return new Response(new Blob([url], { type: 'image/webp' }), { status: 200 });
    });

  it("loads the thumbnail with the session's token and shows it; a new photo is loaded anew", async () => {
    localStorage.setItem('token', 'session-token');
    const fetched = photoApi();
    const { rerender } = await renderInRemote(
      <MedicineImage medicine={medicineFixture({ thumbnailUrl: '/api/medicines/photos/a/thumb' })} />,
    );
    const first = await screen.findByRole('img', { name: 'Photo of Concor 5mg' });
    expect(first.getAttribute('src')).toMatch(/^blob:/);
    const [url, init] = fetched.mock.calls[0]!;
    expect(url).toBe('/api/medicines/photos/a/thumb');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer session-token');
    const firstSrc = first.getAttribute('src');

    fireEvent.error(first);
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<MedicineImage medicine={medicineFixture({ thumbnailUrl: '/api/medicines/photos/b/thumb' })} />);
    const second = await screen.findByRole('img');
    expect(second.getAttribute('src')).not.toBe(firstSrc);
    expect(fetched.mock.calls.map(([u]) => u)).toEqual([
      '/api/medicines/photos/a/thumb',
      '/api/medicines/photos/b/thumb',
    ]);
    localStorage.removeItem('token');
  });

  it('shows the pill icon, and asks nothing, without a photo; the icon too when the photo is refused', async () => {
    const fetched = photoApi();
    const { rerender } = await renderInRemote(<MedicineImage medicine={medicineFixture()} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
    rerender(
      <MedicineImage medicine={medicineFixture({ thumbnailUrl: '/api/medicines/photos/refused/thumb' })} />,
    );
    await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('saving a new medicine with no connection (kept by the service worker)', () => {
  it('says it will be sent when back online, sends no photo, and resolves with nothing saved yet', async () => {
    const calls = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        // The worker's answer to a form it kept (shell/worker/service-worker.ts).
        new Response('{"queued":true}', {
          status: 202,
          headers: { 'Content-Type': 'application/json', 'X-MedRelay-Kept': 'k-1' },
        }),
    );
    const { save, toasts } = await renderSave();
    expect(await save(values, photo)).toBeNull();
    expect(toasts).toEqual([
      {
        title: 'Saved — will be sent when you are back online',
        description: 'Keep MedRelay open or come back later: you will see how it went.',
      },
    ]);
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
