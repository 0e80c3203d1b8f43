// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInRemote } from '../test-support';
import { FormPickupPlaceFields, type PickupPlace } from './pickup-place-fields';

afterEach(cleanup);

/** A form holding a pickup point, as registration and account settings do. */
async function renderForm() {
  const held: { form?: UseFormReturn<PickupPlace> } = {};
  function PlaceForm() {
    const form = useForm<PickupPlace>({ defaultValues: { governorate: null, area: null, pin: null } });
    held.form = form;
    return <FormPickupPlaceFields form={form} />;
  }
  await renderInRemote(<PlaceForm />);
  return held.form!;
}

describe("a form's pickup point fields", () => {
  it("fill the form: an area sets its governorate, and the change counts as the user's", async () => {
    const form = await renderForm();
    fireEvent.change(screen.getByLabelText(/^Area/), { target: { value: 'dokki' } });
    expect(form.getValues()).toMatchObject({ governorate: 'giza', area: 'dokki' });
    expect(form.getFieldState('area').isDirty).toBe(true);
  });

  it("say the form's errors, a pin's by its coordinates", async () => {
    const form = await renderForm();
    act(() => form.setError('pin.lat', { message: 'pickupPinOutsideEgypt' }));
    await screen.findByText('The map pin must be in Egypt');
  });
});
