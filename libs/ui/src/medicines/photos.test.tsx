// @vitest-environment happy-dom
import { act, fireEvent, screen } from '@testing-library/react';
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
  it('tries again when the photo changes after one failed to load', async () => {
    const { rerender } = await renderInRemote(
      <MedicineImage medicine={medicineFixture({ imageUrl: '/a.png' })} />,
    );
    fireEvent.error(screen.getByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
    rerender(<MedicineImage medicine={medicineFixture({ imageUrl: '/b.png' })} />);
    expect(screen.getByRole('img').getAttribute('src')).toBe('/b.png');
  });
});
