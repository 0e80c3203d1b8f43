import { beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '@medrelay/contracts';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { waitUntil } from '@medrelay/testing';
import { axeSource, seriousViolations } from './support/axe';
import { controlDefects } from './support/pages';
import { usePlatform } from './support/platform';
import {
  lastingViolations,
  layoutDefects,
  measureCards,
  openFromNav,
  settled,
  sidebarDefects,
} from './support/screen-checks';

const platform = usePlatform();

/**
 * Every signed-in route of spec §2, per role (Settings is in every sidebar), and Sign-in &
 * security, reached from the settings rather than the sidebar.
 */
const routes: Record<UserType, string[]> = {
  pharmacy: [
    'dashboard',
    'medicines',
    'add-medicine',
    'requests',
    'browse',
    'history',
    'wanted',
    'settings',
    'security',
  ],
  ngo: [
    'dashboard',
    'browse',
    'pharmacy-stock',
    'requests',
    'needs',
    'inventory',
    'analytics',
    'settings',
    'security',
  ],
  donor: ['dashboard', 'donations', 'add-donation', 'requests', 'history', 'settings', 'security'],
  admin: ['dashboard', 'users', 'listings', 'transactions', 'reports', 'recalls', 'settings', 'security'],
};

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

describe(
  'every signed-in screen, on a phone and a desktop, in English and Arabic',
  { timeout: 240_000 },
  () => {
    const tokens = {} as Record<UserType, string>;

    beforeAll(async () => {
      for (const role of ['pharmacy', 'ngo', 'donor', 'admin'] as const)
        tokens[role] = (await platform.approvedUser(role)).token;
      // Something on every list: long names and notes are where layouts break first.
      const pharmacyStock = await platform.listMedicine(
        tokens.pharmacy,
        'Augmentin 1g film-coated tablets (amoxicillin + clavulanic acid)',
        5,
        12,
      );
      await platform.listMedicine(tokens.pharmacy, 'Concor 5mg', 40);
      await platform.listMedicine(tokens.donor, 'Ventolin inhaler 100mcg', 20);
      const created = await platform.gateway.api.post(
        '/api/requests',
        {
          medicineId: pharmacyStock.id,
          quantity: 2,
          notes: 'For the Imbaba clinic, Thursday morning pickup',
        },
        { token: tokens.ngo },
      );
      expect(created.status).toBe(201);
      // Wanted lists with a long name and every term shown.
      for (const role of ['ngo', 'pharmacy'] as const) {
        const need = await platform.gateway.api.post(
          '/api/needs',
          {
            medicine: 'Insulin glargine 100 IU/ml pre-filled pens (Lantus SoloStar)',
            dosageForm: 'injection',
            minQuantity: 5,
            acceptUpTo: 40,
            minDaysLeft: 60,
            urgency: 'urgent',
          },
          { token: tokens[role] },
        );
        expect(need.status).toBe(201);
      }
    }, 60_000);

    for (const role of ['pharmacy', 'ngo', 'donor', 'admin'] as const) {
      it(`${role}: ${routes[role].length} routes fit 390 px and 1280 px with no serious axe finding`, async () => {
        const defects: string[] = [];
        for (const language of ['en', 'ar'] as const) {
          // One browser context per role and language; the routes are walked in it.
          const page = await platform.newPage({ locale: language === 'ar' ? 'ar-EG' : 'en-US' });
          await page.addInitScript((token) => localStorage.setItem('token', token), tokens[role]);
          // Fluent shortens its transitions for this; the walk then waits less for them to end.
          await page.emulateMedia({ reducedMotion: 'reduce' });
          // An init script, not a <script> tag: the page's CSP (script-src 'self') would block that.
          await page.addInitScript({ content: axeSource });
          for (const viewport of [phone, desktop]) {
            await page.setViewportSize(viewport);
            await page.goto(`/${role}/dashboard`);
            await settled(page);
            expect(await page.evaluate(() => document.documentElement.dir)).toBe(
              language === 'ar' ? 'rtl' : 'ltr',
            );
            for (const route of routes[role]) {
              const path = `/${role}/${route}`;
              if (route === 'security') await page.goto(path);
              else if (route !== 'dashboard') await openFromNav(page, path);
              await settled(page);
              const where = `${path} ${language} ${viewport.width}px`;
              for (const d of await layoutDefects(page, viewport.width)) defects.push(`${where}: ${d}`);
              for (const d of await controlDefects(page)) defects.push(`${where}: ${d}`);
              if (viewport === desktop)
                for (const d of await sidebarDefects(page)) defects.push(`${where}: ${d}`);
              for (const v of await lastingViolations(page)) defects.push(`${where}: ${v}`);
            }
          }
        }
        expect(defects).toEqual([]);
      });
    }
  },
);

describe('the landing page on a phone', { timeout: 60_000 }, () => {
  it.each([
    ['en', 'Sections', 'About'],
    ['ar', 'أقسام الصفحة', 'عن المنصة'],
  ] as const)(
    'has a section menu in %s that opens, leads to a section and closes',
    async (language, menu, about) => {
      const page = await platform.newPage({ locale: language === 'ar' ? 'ar-EG' : 'en-US' });
      await page.setViewportSize(phone);
      await page.addInitScript({ content: axeSource });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const sections = page.getByRole('navigation', {
        name: language === 'ar' ? 'القايمة الرئيسية' : 'Main navigation',
      });
      expect(await sections.isVisible()).toBe(false);
      const button = page.getByRole('banner').getByRole('button', { name: menu });
      await button.click();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      await sections.getByRole('link', { name: about }).click();
      await page.waitForURL('**/#about');
      await sections.waitFor({ state: 'hidden' });
      expect(await layoutDefects(page, phone.width)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

/** A 1×1 PNG: the catalog checks a photo by its bytes. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The browse card's ceiling on a phone: a screen of 844 px shows four or five listings. */
const maxCardHeight = 140;

describe('browse cards', { timeout: 240_000 }, () => {
  // Who browses which screen; each screen lists every card seeded below.
  const screens = [
    { role: 'ngo', path: '/ngo/browse' },
    { role: 'ngo', path: '/ngo/pharmacy-stock' },
    { role: 'pharmacy', path: '/pharmacy/browse' },
  ] as const;
  const browsers = {} as Record<'ngo' | 'pharmacy', string>;

  beforeAll(async () => {
    const api = platform.gateway.api;
    const [seller, donor, ngo, buyer] = await Promise.all([
      platform.approvedUser('pharmacy'),
      platform.approvedUser('donor'),
      platform.approvedUser('ngo'),
      platform.approvedUser('pharmacy'),
    ]);
    browsers.ngo = ngo.token;
    browsers.pharmacy = buyer.token;
    // Long owner names and places: distance, area and owner share one line.
    const profiles = [
      [seller, { name: 'صيدلية الدكتور محمد عبد الرحمن الجديدة للأدوية', area: 'dokki' }],
      [donor, { name: 'Mohamed Abdel Rahman El Sayed Mostafa', area: 'zamalek' }],
      [ngo, { area: 'maadi' }],
      [buyer, { area: 'heliopolis' }],
    ] as const;
    for (const [user, profile] of profiles)
      expect((await api.put('/api/auth/me', profile, { token: user.token })).status).toBe(200);
    await waitUntil(
      async () =>
        (
          await platform.services.catalog.service.ctx.pool.query(
            'SELECT count(*)::int AS n FROM catalog.users WHERE id = ANY($1) AND lat IS NOT NULL',
            [[seller.id, donor.id, ngo.id, buyer.id]],
          )
        ).rows[0].n === 4,
      { what: 'the owners’ points in the catalog' },
    );
    const listings = [
      // Urgent, cold chain, prescription-only and controlled, a description and a pack code.
      [
        seller,
        medicineInput(
          {
            name: 'ميكستارد 30 إنسولين بشري معلق للحقن 100 وحدة/مل أقلام جاهزة للاستخدام',
            type: 'injection',
            quantity: 120,
            originalPrice: 1450.75,
            discountPrice: 999.5,
            description: 'علب مقفولة محفوظة في التلاجة من يوم الاستلام، ومعاها الفاتورة الأصلية',
            categories: ['prescription', 'controlled', 'coldChain'],
            gtin: '06221234567891',
            batch: 'B12X',
            recipientType: 'both',
          },
          5,
        ),
      ],
      [
        seller,
        medicineInput(
          {
            name: 'Augmentin 1g film-coated tablets (amoxicillin + clavulanic acid) 14 tablets',
            type: 'tablets',
            categories: ['prescription'],
            recipientType: 'both',
          },
          20,
        ),
      ],
      [
        seller,
        medicineInput(
          {
            name: 'قطرة عين بريدفورت فورت للالتهابات',
            type: 'drops',
            originalPrice: null,
            discountPrice: null,
          },
          200,
        ),
      ],
      [donor, medicineInput({ name: 'Ventolin inhaler 100mcg', type: 'inhaler', recipientType: 'both' }, 90)],
      [
        donor,
        medicineInput(
          { name: 'شراب كحة للأطفال بالعسل والأعشاب الطبيعية', type: 'syrup', recipientType: 'both' },
          45,
        ),
      ],
    ] as const;
    const ids = new Map<string, number>();
    for (const [owner, input] of listings) {
      const res = await api.post('/api/medicines', input, { token: owner.token });
      expect(res.status).toBe(201);
      ids.set(input.name, (res.body as { id: number }).id);
    }
    // One with a photo: its thumbnail instead of the form's icon.
    const withPhoto = ids.get(listings[1][1].name)!;
    const uploaded = await fetch(`${platform.gateway.baseUrl}/api/medicines/${withPhoto}/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'image/png' },
      body: png,
    });
    expect(uploaded.status).toBe(200);
  }, 60_000);

  it.each(screens)(
    '$path: cards at most 140 px tall at 360 and 390 px, two or more columns at 1280 px, in both languages',
    async ({ role, path }) => {
      const defects: string[] = [];
      const heights: string[] = [];
      for (const language of ['en', 'ar'] as const) {
        const page = await platform.newPage({ locale: language === 'ar' ? 'ar-EG' : 'en-US' });
        await page.addInitScript((token) => localStorage.setItem('token', token), browsers[role]);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.addInitScript({ content: axeSource });
        for (const viewport of [{ width: 360, height: 780 }, phone, desktop]) {
          await page.setViewportSize(viewport);
          await page.goto(path);
          await settled(page);
          const cards = page.locator('main [data-testid="medicine-row"]');
          // Every seeded listing this screen offers, the photo drawn.
          await waitUntil(async () => (await cards.count()) >= 3, { what: 'the browse cards' });
          const photo = page.locator('main [data-testid="medicine-row"] img');
          if (await photo.count())
            await waitUntil(() => photo.first().evaluate((img: HTMLImageElement) => img.complete), {
              what: 'the photo',
            });
          const where = `${path} ${language} ${viewport.width}px`;
          const measured = await measureCards(page);
          for (const card of measured) {
            for (const d of card.defects) defects.push(`${where} "${card.name}": ${d}`);
            if (viewport !== desktop && card.height > maxCardHeight)
              defects.push(`${where} "${card.name}" is ${card.height} px tall`);
          }
          if (viewport !== desktop)
            heights.push(
              `${where}: ${Math.min(...measured.map((c) => c.height))}–${Math.max(...measured.map((c) => c.height))} px`,
            );
          // Wide: side by side, two or three to a row, so the button stays near its text.
          if (viewport === desktop) {
            const columns = new Set(measured.map((c) => c.left)).size;
            if (columns < 2) defects.push(`${where}: ${columns} column`);
            if (measured[0]!.top !== measured[1]!.top)
              defects.push(`${where}: the first two cards are not in a row`);
          }
          for (const d of await controlDefects(page, 'main')) defects.push(`${where}: ${d}`);
          for (const d of await layoutDefects(page, viewport.width)) defects.push(`${where}: ${d}`);
          for (const v of await lastingViolations(page)) defects.push(`${where}: ${v}`);
        }
      }
      console.log(heights.join('\n'));
      expect(defects).toEqual([]);
    },
  );
});
