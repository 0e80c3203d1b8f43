import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '@medrelay/contracts';
import { medicineInput } from '@medrelay/svc-requests/testing';
import { waitUntil } from '@medrelay/testing';
import { axeSource, seriousViolations } from './support/axe';
import { controlDefects } from './support/pages';
import { usePlatform } from './support/platform';

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

/** What would make the screen unusable on this width: sideways scrolling, a header cut off. */
async function layoutDefects(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const defects: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width || scrollWidth > window.innerWidth)
      defects.push(`page is ${scrollWidth} px wide`);
    // On a phone the tab bar stays at the bottom: the end of the page scrolls clear of it.
    const tabBar = document.querySelector('[data-testid="tab-bar"]');
    const main = document.querySelector('main');
    if (tabBar && main) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const last = [...main.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().height > 0)
        .at(-1);
      const barTop = tabBar.getBoundingClientRect().top;
      if (last && last.getBoundingClientRect().bottom > barTop + 1)
        defects.push(`the end of the page lies under the tab bar`);
      window.scrollTo(0, 0);
    }
    const banner = document.querySelector('body header')!;
    for (const control of banner.querySelectorAll('button, a')) {
      const box = control.getBoundingClientRect();
      const name = control.getAttribute('aria-label') ?? control.textContent;
      if (box.left < 0 || box.right > width)
        defects.push(`header control "${name}" at ${Math.round(box.left)}–${Math.round(box.right)}`);
    }
    // Touch targets of 44 px in the header and the sidebar.
    for (const control of [...banner.querySelectorAll('button'), ...document.querySelectorAll('nav a')]) {
      const box = control.getBoundingClientRect();
      if (box.width && (box.width < 44 || box.height < 44))
        defects.push(
          `"${control.getAttribute('aria-label') ?? control.textContent}" is ${box.width}×${box.height} px`,
        );
    }
    // The bell's count is drawn, not clipped by its button: the badge's corners hit the badge.
    const badge = banner.querySelector('.fui-CounterBadge');
    if (badge) {
      const box = badge.getBoundingClientRect();
      const [x, y] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
      // The middle of each edge (the corners are rounded off), 2 px in.
      for (const [px, py] of [
        [x, box.top + 2],
        [x, box.bottom - 2],
        [box.left + 2, y],
        [box.right - 2, y],
      ])
        if (!badge.contains(document.elementFromPoint(px!, py!))) defects.push('the bell badge is clipped');
    }
    return defects;
  }, width);
}

/**
 * The wide screen's sidebar (#3): one width on every screen, still in view when the page is
 * scrolled to its end, every item on one line.
 */
async function sidebarDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defects: string[] = [];
    const nav = document.querySelector('[data-testid="sidebar"]')!;
    const frame = nav.closest('.fui-InlineDrawer')!;
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = frame.getBoundingClientRect();
    if (Math.round(box.width) !== 256) defects.push(`the sidebar is ${box.width} px wide`);
    if (box.top < 0 || box.top > 100) defects.push(`the sidebar scrolled away (top at ${box.top})`);
    for (const link of nav.querySelectorAll('a')) {
      if (link.getBoundingClientRect().height > 48) defects.push(`"${link.textContent}" wraps`);
      // One line per item, so a label must fit it whole, never cut off by its ellipsis.
      for (const label of link.querySelectorAll('span'))
        if (label.scrollWidth > label.clientWidth + 1) defects.push(`"${label.textContent}" is cut off`);
    }
    window.scrollTo(0, 0);
    return defects;
  });
}

/**
 * Opens a route the way a user does: from the sidebar; on a phone from its tab, or through More
 * (the drawer) when it has none.
 */
async function openFromNav(page: Page, path: string) {
  const tabs = page.getByTestId('tab-bar');
  if (await tabs.isVisible()) {
    const tab = tabs.locator(`a[href="${path}"]`);
    if (await tab.count()) await tab.click();
    else {
      await tabs.getByRole('button', { name: /^(More|المزيد)$/ }).click();
      await page.getByRole('dialog').locator(`a[href="${path}"]`).click();
      // The drawer closes on navigation, and gives the page back to assistive technology.
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.locator('#root:not([aria-hidden])').waitFor();
    }
  } else {
    await page.locator(`nav a[href="${path}"]`).first().click();
  }
  await page.waitForURL(`**${path}`);
}

/**
 * The screen has drawn: its title, no spinner left in the content area, and no transition
 * running (axe would read a colour half-way, e.g. a button fading from disabled to enabled).
 */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.locator('main [role="progressbar"], main .fui-Spinner').first().waitFor({ state: 'detached' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

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
              // A finding read while the screen still changed (buttons enabled as the data came)
              // is gone once it has settled again; a real one is found both times.
              const found = await seriousViolations(page);
              if (found.length) await settled(page);
              const again = found.length ? await seriousViolations(page) : [];
              for (const v of found.filter((f) => again.includes(f))) defects.push(`${where}: ${v}`);
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

interface CardMeasure {
  name: string;
  height: number;
  left: number;
  top: number;
  defects: string[];
}

/**
 * Each browse card's box, and what is wrong inside it: a part (picture, name, lines, badges,
 * button) outside the card (the card clips what overflows it), two parts on top of each other, a
 * name squeezed out by its badges, the facts line or the place cut, a request button smaller than
 * a 44 px touch target.
 */
function measureCards(page: Page): Promise<CardMeasure[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main [data-testid="medicine-row"]')].map((card) => {
      const box = card.getBoundingClientRect();
      const name = card.getAttribute('aria-label') ?? '';
      const defects: string[] = [];
      const label = (el: Element) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
      const parts = [
        ...card.querySelectorAll('h2, h3, p, img, svg, .fui-Badge, button, [data-testid="medicine-place"]'),
      ].filter((el) => {
        const r = el.getBoundingClientRect();
        // Icons inside a badge or a button are checked as that badge or button.
        return r.width > 0 && r.height > 0 && !el.parentElement?.closest('.fui-Badge, button');
      });
      for (const el of parts) {
        const r = el.getBoundingClientRect();
        if (
          r.left < box.left - 1 ||
          r.right > box.right + 1 ||
          r.top < box.top - 1 ||
          r.bottom > box.bottom + 1
        )
          defects.push(`${label(el)} sticks out of the card`);
      }
      // Boxes side by side must not cover each other (one inside the other is nesting, not overlap).
      const inside = (a: DOMRect, b: DOMRect) =>
        a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
      for (let i = 0; i < parts.length; i++)
        for (let j = i + 1; j < parts.length; j++) {
          const a = parts[i]!.getBoundingClientRect();
          const b = parts[j]!.getBoundingClientRect();
          const overlap =
            a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
          if (overlap && !inside(a, b) && !inside(b, a))
            defects.push(`${label(parts[i]!)} overlaps ${label(parts[j]!)}`);
        }
      // The facts (days left, form, units, source) are never cut, nor is how far and where while
      // the owner's name beside it can give way; a long medicine name may end in an ellipsis.
      for (const id of ['medicine-facts', 'medicine-place']) {
        const part = card.querySelector(`[data-testid="${id}"]`);
        if (!part) continue;
        const text = document.createRange();
        text.selectNodeContents(part);
        const line = part.parentElement!.getBoundingClientRect();
        const shown = part.getBoundingClientRect();
        const alone = id === 'medicine-place' && shown.width >= line.width - 1;
        if (text.getBoundingClientRect().width > shown.width + 0.01 && !alone)
          defects.push(`"${part.textContent}" is cut`);
      }
      const heading = card.querySelector('h2, h3');
      if (!heading || heading.getBoundingClientRect().width < 80) defects.push('the name has no room');
      const button = card.querySelector('button');
      if (!button) defects.push('no request button');
      else {
        const r = button.getBoundingClientRect();
        if (r.height < 44 || r.width < 44) defects.push(`the button is ${r.width}×${r.height} px`);
      }
      return {
        name,
        height: Math.round(box.height * 10) / 10,
        left: Math.round(box.left),
        top: Math.round(box.top),
        defects,
      };
    }),
  );
}

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
          const found = await seriousViolations(page);
          if (found.length) await settled(page);
          const again = found.length ? await seriousViolations(page) : [];
          for (const v of found.filter((f) => again.includes(f))) defects.push(`${where}: ${v}`);
        }
      }
      console.log(heights.join('\n'));
      expect(defects).toEqual([]);
    },
  );
});
