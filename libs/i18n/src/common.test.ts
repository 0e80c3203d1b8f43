import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { common } from './common';
import { addWorkTexts, work, workNamespace } from './work';
import { formatters } from './format';

async function translator(language: 'en' | 'ar') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { common: common.en }, ar: { common: common.ar } },
    defaultNS: 'common',
  });
  return instance.t;
}

describe('shared texts', () => {
  it('has every Arabic plural form, so counts never fall back to English', async () => {
    const t = await translator('ar');
    expect(t('daysLeft.days', { count: 1 })).toBe('يوم واحد');
    expect(t('daysLeft.days', { count: 2 })).toBe('يومين');
    expect(t('daysLeft.days', { count: 5 })).toBe('5 أيام');
    expect(t('daysLeft.days', { count: 11 })).toBe('11 يوم');
    expect(t('daysLeft.days', { count: 30 })).toBe('30 يوم');
    expect(t('header.alertsCount', { count: 3 })).toBe('3 أدوية صلاحيتها قربت تخلص');
    // Every form carries the digit: the bell's accessible name must contain the badge's number.
    expect(t('header.alertsCount', { count: 2 })).toBe('2 دوا صلاحيتهم قربت تخلص');
    expect(t('header.alertsCount', { count: 1 })).toBe('1 دوا صلاحيته قربت تخلص');
    expect(t('request.transferNotes', { count: 1 })).toBe('طلب تحويل بين الصيدليات لوحدة واحدة');
    expect(t('request.transferNotes', { count: 4 })).toBe('طلب تحويل بين الصيدليات لـ 4 وحدات');
    expect(t('request.pickupNotes', { count: 2 })).toBe('طلب استلام لوحدتين');
    expect(t('medicine.units', { count: 25 })).toBe('25 وحدة');
    expect(t('request.quantityMax', { count: 3 })).toBe('المتاح 3 وحدات بس');
  });

  it('keeps English plurals simple', async () => {
    const t = await translator('en');
    expect(t('daysLeft.days', { count: 1 })).toBe('1 day');
    expect(t('daysLeft.days', { count: 12 })).toBe('12 days');
    expect(t('request.transferNotes', { count: 1 })).toBe('Inter-pharmacy transfer request for 1 unit');
    expect(t('request.transferNotes', { count: 4 })).toBe('Inter-pharmacy transfer request for 4 units');
  });

  it('has the same keys in both languages', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object'
          ? keys(v as object, `${prefix}${k}.`)
          : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`],
      );
    expect(new Set(keys(common.ar))).toEqual(new Set(keys(common.en)));
    expect(new Set(keys(work.ar))).toEqual(new Set(keys(work.en)));
  });

  it("keeps the signed-in screens' texts out of the landing page's, found under the same keys once added", async () => {
    // The landing page downloads `common` only (its JavaScript ≤ 200 KB on the wire).
    for (const group of Object.keys(work.en)) expect(common.en).not.toHaveProperty(group);
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'ar',
      fallbackLng: 'en',
      resources: { en: { common: common.en }, ar: { common: common.ar } },
      defaultNS: 'common',
      fallbackNS: workNamespace,
    });
    expect(instance.t('custody.show')).toBe('custody.show');
    addWorkTexts(instance);
    expect(instance.t('custody.show')).toBe(work.ar.custody.show);
    expect(instance.t('governorate.alexandria')).toBe('الإسكندرية');
  });

  it('formats Arabic numbers and money with Latin digits, the way the texts write them', () => {
    expect(formatters('ar').number(1234)).toBe('1,234');
    expect(formatters('ar').money(12450)).toContain('12,450');
    expect(formatters('en').money(12450)).toContain('12,450');
  });

  it('writes a moment in Cairo time, wherever the device is (summer: UTC+3)', () => {
    // A device on UTC, whatever this machine's zone (Node applies a new TZ at once).
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('UTC');
      // 07:00 UTC on 15 July 2026 is 10:00 in Cairo.
      expect(formatters('en').dateTime('2026-07-15T07:00:00Z')).toMatch(/Jul 15, 2026.*10:00/);
      expect(formatters('ar').dateTime('2026-07-15T07:00:00Z')).toContain('10:00');
      expect(formatters('en').dateTime('2026-12-01T08:00:00Z')).toMatch(/Dec 1, 2026.*10:00/);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes percentages with one decimal', () => {
    expect(formatters('en').percent(50)).toBe('50.0%');
    expect(formatters('en').percent(37.54)).toBe('37.5%');
    expect(formatters('ar').percent(100)).toContain('100.0');
  });
});
