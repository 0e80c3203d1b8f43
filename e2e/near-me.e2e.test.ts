import { describe, expect, it } from 'vitest';
import { waitUntil } from '@medrelay/testing';
import { controlDefects, expectToast } from './support/pages';
import { usePlatform } from './support/platform';

/**
 * An NGO with no pickup point shares its location (Playwright's mocked geolocation),
 * browses nearest first with distances and areas on every card, narrows to 25 km, switches to the
 * map, opens a listing from its marker and requests it. Another NGO sets its pin by tapping the
 * map in settings, saves, and browse measures from it. At 390 px in Arabic and 1280 px in English.
 */
const platform = usePlatform();

const runs = [
  {
    name: '390 px phone, Arabic',
    language: 'ar',
    viewport: { width: 390, height: 844 },
    n: 1,
    t: {
      search: 'دوّر بالاسم أو النوع',
      sortBy: 'ترتيب حسب',
      nearest: 'الأقرب الأول',
      useMyLocation: 'استخدم موقعي',
      fromLocation: 'المسافات من موقعك دلوقتي',
      radius: 'المسافة',
      within25: 'في حدود 25 كم',
      map: 'خريطة',
      open: 'افتح',
      requestPickup: 'اطلب استلام',
      submit: 'ابعت الطلب',
      submitted: 'الطلب اتبعت بنجاح',
      dokki: /^\d+(\.5)? كم · الدقي، الجيزة$/,
      maadi: /^\d+(\.5)? كم · المعادي، القاهرة$/,
      chooseOnMap: 'اختار على الخريطة',
      mapLabel: 'خريطة لاختيار مكان الاستلام بالظبط',
      zoomOut: 'بعّد',
      noPin: 'مفيش علامة: بيتحسب نص منطقتك',
      pinned: /^متحدد عند (\d+\.\d+)، (\d+\.\d+)$/,
      removePin: 'شيل العلامة',
      save: 'احفظ البيانات',
      saved: 'تم تحديث البيانات',
    },
  },
  {
    name: '1280 px, English',
    language: 'en',
    viewport: { width: 1280, height: 900 },
    n: 2,
    t: {
      search: 'Search by name or type',
      sortBy: 'Sort by',
      nearest: 'Nearest first',
      useMyLocation: 'Use my location',
      fromLocation: 'Distances from your current location',
      radius: 'Distance',
      within25: 'Within 25 km',
      map: 'Map',
      open: 'Open',
      requestPickup: 'Request Pickup',
      submit: 'Submit Request',
      submitted: 'Request submitted successfully',
      dokki: /^\d+(\.5)? km · Dokki, Giza$/,
      maadi: /^\d+(\.5)? km · Maadi, Cairo$/,
      chooseOnMap: 'Choose on the map',
      mapLabel: 'Map for choosing your exact pickup point',
      zoomOut: 'Zoom out',
      noPin: 'No pin: the centre of your area counts',
      pinned: /^Pinned at (\d+\.\d+), (\d+\.\d+)$/,
      removePin: 'Remove pin',
      save: 'Save profile',
      saved: 'Profile updated',
    },
  },
] as const;

describe('near me', { timeout: 120_000 }, () => {
  it.each(runs)('$name: location → nearest first → 25 km → map → marker → request', async (run) => {
    const { t, viewport, language, n } = run;
    const api = platform.gateway.api;
    const [ngo, dokki, maadi, alexandria] = await Promise.all([
      platform.approvedUser('ngo'),
      platform.approvedUser('pharmacy'),
      platform.approvedUser('pharmacy'),
      platform.approvedUser('pharmacy'),
    ]);
    // Pharmacies two streets from Dokki's centre, in Maadi (about 10 km) and in Alexandria.
    const places = [
      [dokki, { area: 'dokki', pin: { lat: 30.046, lng: 31.2123 } }],
      [maadi, { area: 'maadi' }],
      [alexandria, { area: 'mansheya' }],
    ] as const;
    for (const [user, place] of places)
      expect((await api.put('/api/auth/me', place, { token: user.token })).status).toBe(200);
    const prefix = `Nearby${n}`;
    const names = { dokki: `${prefix} Dokki`, maadi: `${prefix} Maadi`, alexandria: `${prefix} Alex` };
    // Listed once the catalog knows where each owner is (the user event reaches it first).
    await waitUntil(
      async () =>
        (
          await platform.services.catalog.service.ctx.pool.query(
            'SELECT count(*)::int AS n FROM catalog.users WHERE id = ANY($1) AND lat IS NOT NULL',
            [[dokki.id, maadi.id, alexandria.id]],
          )
        ).rows[0].n === 3,
      { what: 'the pharmacies’ points in the catalog' },
    );
    await platform.listMedicine(dokki.token, names.dokki, 60);
    await platform.listMedicine(maadi.token, names.maadi, 30);
    await platform.listMedicine(alexandria.token, names.alexandria, 20);

    // The NGO named no place: the screen says how to see what is near.
    const page = await platform.newPage({ viewport });
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 30.0385, longitude: 31.2123 });
    await platform.signIn(page, ngo.email);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    await page.goto('/ngo/browse');
    const remote = page.getByTestId('remote-ngo');
    await remote.getByTestId('no-point').waitFor();
    await remote.getByLabel(t.search).fill(prefix);
    const cards = remote.getByTestId('medicine-row');
    await waitUntil(async () => (await cards.count()) === 3, { what: 'the three listings' });

    // "Use my location": nearest first from here, a distance and an area on every card.
    await remote.getByRole('button', { name: t.useMyLocation }).click();
    await remote.getByText(t.fromLocation).waitFor();
    expect(await remote.getByLabel(t.sortBy).inputValue()).toBe('distance');
    await waitUntil(async () => (await cards.first().textContent())?.includes(names.dokki) ?? false, {
      what: 'Dokki first',
    });
    const order = await cards.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')));
    expect(order).toEqual([names.dokki, names.maadi, names.alexandria]);
    const places$ = await remote.getByTestId('medicine-place').allTextContents();
    expect(places$[0]).toMatch(t.dokki);
    expect(places$[1]).toMatch(t.maadi);
    // Phones first: nothing cut off or overlapping, nothing wider than the screen.
    expect(await controlDefects(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // Within 25 km: Alexandria goes.
    await remote.getByLabel(t.radius).selectOption({ label: t.within25 });
    await waitUntil(async () => (await cards.count()) === 2, { what: 'two listings within 25 km' });

    // The map, with a marker per listing; a tap on Maadi's opens it in the list.
    await remote.getByRole('tab', { name: t.map }).click();
    const map = remote.getByTestId('browse-map');
    await map.waitFor();
    // Its zoom buttons named in the page's language, as the pin map's are.
    await map.getByRole('button', { name: t.zoomOut }).waitFor();
    const marker = page.getByTitle(`${t.open} ${names.maadi}`);
    await marker.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await marker.click();
    const opened = remote.locator('[data-testid="medicine-row"][aria-current="true"]');
    await opened.waitFor();
    expect(await opened.getAttribute('aria-label')).toBe(names.maadi);

    // And requests it.
    await opened.getByRole('button', { name: `${t.requestPickup}: ${names.maadi}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.submit }).click();
    await expectToast(page, t.submitted);
    const mine = await api.get('/api/requests/my', { token: ngo.token });
    expect((mine.body as Array<{ medicine: { name: string } }>).map((r) => r.medicine.name)).toContain(
      names.maadi,
    );
  });

  it.each(runs)('$name: the pin tapped on the map in settings, saved, measures browse', async (run) => {
    const { t, viewport, language, n } = run;
    const api = platform.gateway.api;
    const [ngo, maadi] = await Promise.all([platform.approvedUser('ngo'), platform.approvedUser('pharmacy')]);
    // The NGO named Dokki (no pin); the pharmacy is in Maadi, about 10 km south-east.
    expect((await api.put('/api/auth/me', { area: 'dokki' }, { token: ngo.token })).status).toBe(200);
    expect((await api.put('/api/auth/me', { area: 'maadi' }, { token: maadi.token })).status).toBe(200);
    await waitUntil(
      async () =>
        (
          await platform.services.catalog.service.ctx.pool.query(
            'SELECT 1 FROM catalog.users WHERE id = $1 AND lat IS NOT NULL',
            [maadi.id],
          )
        ).rowCount === 1,
      { what: 'the pharmacy’s point in the catalog' },
    );
    const name = `Pinned${n} Maadi`;
    await platform.listMedicine(maadi.token, name, 30);

    const page = await platform.newPage({ viewport });
    await platform.signIn(page, ngo.email);
    await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
    /** The distance browse shows to the Maadi listing, in km. */
    const browsedKm = async () => {
      await page.goto('/ngo/browse');
      const remote = page.getByTestId('remote-ngo');
      await remote.getByLabel(t.search).fill(name);
      const place = remote
        .getByTestId('medicine-row')
        .filter({ hasText: name })
        .getByTestId('medicine-place');
      await place.waitFor();
      const text = (await place.textContent())!;
      expect(text).toMatch(t.maadi);
      return Number(/^[\d.]+/.exec(text)![0]);
    };
    const fromArea = await browsedKm();
    expect(fromArea).toBeGreaterThanOrEqual(9);

    // Settings: the map opens on Dokki (no pin yet); zoomed out, a tap south-east of the centre.
    await page.goto('/ngo/settings');
    const pinText = page.getByTestId('pin-text');
    await pinText.getByText(t.noPin).waitFor();
    await page.getByRole('button', { name: t.chooseOnMap }).click();
    const map = page.getByRole('region', { name: t.mapLabel });
    await map.waitFor();
    // Phones first: the map and the fields around it within the screen, nothing cut off.
    expect(await controlDefects(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const zoomOut = map.getByRole('button', { name: t.zoomOut });
    await zoomOut.click();
    await zoomOut.click();
    const box = (await map.boundingBox())!;
    await map.click({
      position: { x: box.width / 2 + Math.min(box.width * 0.35, 110), y: box.height / 2 + 100 },
    });
    const [, lat, lng] = t.pinned.exec((await pinText.textContent())!)!.map(Number);
    expect(lat).toBeLessThan(30.0385);
    expect(lng).toBeGreaterThan(31.2123);
    expect(await map.locator('.medrelay-pin').count()).toBe(1);

    // Saved, kept, and shown again after a reload.
    await page.getByRole('button', { name: t.save }).click();
    await expectToast(page, t.saved);
    expect((await api.get('/api/auth/me', { token: ngo.token })).body.pin).toEqual({ lat, lng });
    await page.reload();
    await pinText.waitFor();
    expect(
      t.pinned
        .exec((await pinText.textContent())!)!
        .slice(1)
        .map(Number),
    ).toEqual([lat, lng]);
    await page.getByRole('button', { name: t.removePin }).waitFor();

    // Browse now measures from the pin: a few km nearer Maadi.
    expect(await browsedKm()).toBeLessThanOrEqual(fromArea - 2);
  });
});
