// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { areaOf } from '@medrelay/domain/governorates';
import { pinOf } from '@medrelay/domain/pickup-points';
import { pinMapView, tapPin } from '../location/pin-choice';
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

describe('the pin chosen on the map', () => {
  // The map asks the gateway where its tiles are: answered here as a gateway without tiles (the
  // pin works without them), so nothing reaches for a server (happy-dom's localhost:3000).
  const askedFor: string[] = [];
  beforeEach(() => {
    askedFor.length = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      askedFor.push(String(input));
      return new Response('', { status: 404 });
    });
  });

  /** Opens the map of a form whose area is Dokki; the map loads lazily. */
  async function openMap(language: 'en' | 'ar' = 'en') {
    const held: { form?: UseFormReturn<PickupPlace> } = {};
    function PlaceForm() {
      const form = useForm<PickupPlace>({ defaultValues: { governorate: 'giza', area: 'dokki', pin: null } });
      held.form = form;
      return <FormPickupPlaceFields form={form} />;
    }
    await renderInRemote(<PlaceForm />, { language });
    const open = screen.getByRole('button', {
      name: language === 'en' ? 'Choose on the map' : 'اختار على الخريطة',
    });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const map = await screen.findByRole('region', {
      name:
        language === 'en' ? 'Map for choosing your exact pickup point' : 'خريطة لاختيار مكان الاستلام بالظبط',
    });
    // Said how to use it, keyboard included.
    expect(document.getElementById(map.getAttribute('aria-describedby')!)?.textContent).toMatch(
      language === 'en' ? /press Enter to pin its centre/ : /دوس Enter/,
    );
    // Asked as the lazily loaded map starts (an effect: under load it may come after the region).
    await waitFor(() => expect(askedFor).toEqual(['/map/config.json']));
    return { form: held.form!, map };
  }

  it('a tap sets the pin (to 5 decimals), shown and dirty; clearing goes back to the area’s centre', async () => {
    const { form, map } = await openMap();
    screen.getByText('No pin: the centre of your area counts');
    // The map opens on Dokki's centre: a tap there (within a pixel, ~10 m), then one east of it.
    const dokki = areaOf('dokki');
    act(() => void fireEvent.click(map, { clientX: 0, clientY: 0 }));
    expect(form.getValues('pin')!.lat).toBeCloseTo(dokki.lat, 3);
    expect(form.getValues('pin')!.lng).toBeCloseTo(dokki.lng, 3);
    act(() => void fireEvent.click(map, { clientX: 120, clientY: 0 }));
    const pin = form.getValues('pin')!;
    expect(pin.lat).toBeCloseTo(dokki.lat, 3);
    expect(pin.lng).toBeGreaterThan(dokki.lng + 0.005);
    expect(pin).toEqual(pinOf(pin));
    expect(form.getFieldState('pin').isDirty).toBe(true);
    expect(screen.getByTestId('pin-text').textContent).toBe(`Pinned at ${pin.lat}, ${pin.lng}`);
    expect(map.querySelectorAll('.medrelay-pin')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove pin' }));
    expect(form.getValues('pin')).toBeNull();
    screen.getByText('No pin: the centre of your area counts');
    expect(map.querySelectorAll('.medrelay-pin')).toHaveLength(0);
    expect(map.querySelectorAll('.medrelay-unpinned')).toHaveLength(1);
  });

  it('keeps focus on Use my location while the browser locates, then sets the pin', async () => {
    let answer: PositionCallback = () => {};
    vi.spyOn(navigator, 'geolocation', 'get').mockReturnValue({
      getCurrentPosition: (done: PositionCallback) => void (answer = done),
    } as unknown as Geolocation);
    const form = await renderForm();
    const button = screen.getByRole('button', { name: 'Use my location' });
    button.focus();
    fireEvent.click(button);
    // Unavailable while it runs, said so, but not disabled: a disabled button drops focus to <body>.
    const busy = await screen.findByRole('button', { name: 'Finding your location…' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    act(() => answer({ coords: { latitude: 30.0444, longitude: 31.2357 } } as GeolocationPosition));
    await waitFor(() => expect(form.getValues('pin')).toEqual({ lat: 30.0444, lng: 31.2357 }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Use my location' }));
  });

  it('with the keyboard, Enter on the map pins its centre; in Arabic too', async () => {
    const { form, map } = await openMap('ar');
    act(() => void fireEvent.keyDown(map, { key: 'Enter' }));
    expect(form.getValues('pin')).toEqual(pinOf(areaOf('dokki')));
    expect(screen.getByTestId('pin-text').textContent).toMatch(/^متحدد عند /);
    fireEvent.click(screen.getByRole('button', { name: 'اخفي الخريطة' }));
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('a tap on the map', () => {
  it('is a pin inside Egypt, kept to 5 decimals, and outside it the server’s own refusal', () => {
    expect(tapPin({ lat: 30.0461234, lng: 31.2123456 })).toEqual({ pin: { lat: 30.04612, lng: 31.21235 } });
    expect(tapPin({ lat: 32.5, lng: 31.2 })).toEqual({ problem: 'pickupPinOutsideEgypt' });
    expect(tapPin({ lat: 25, lng: 23.9 })).toEqual({ problem: 'pickupPinOutsideEgypt' });
  });

  it('opens at the pin, else the area, else the governorate’s capital, else all of Egypt', () => {
    const pin = { lat: 30.05, lng: 31.21 };
    expect(pinMapView({ area: 'dokki', pin })).toEqual({ centre: pin, zoom: 16 });
    expect(pinMapView({ area: 'dokki' }).zoom).toBe(14);
    expect(pinMapView({ governorate: 'giza' }).centre).toMatchObject({
      lat: areaOf('giza-city').lat,
      lng: areaOf('giza-city').lng,
    });
    expect(pinMapView({}).zoom).toBe(5);
  });
});
