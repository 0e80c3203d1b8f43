import { openedMailSchema, type Language, type MailTemplate } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { renderMail } from './templates';

/** What the approval and pickup e-mails carry, the price aside. */
const data = {
  systemName: 'MedRelay',
  adminEmail: 'admin@medrelay.eg',
  name: 'Mona',
  medicineName: 'Concor 5mg',
  quantity: '3',
  providerName: 'Nile Pharmacy',
  windows: '',
  pickupLocation: '',
  mapUrl: '',
  address: '15 Mesaha Square',
  contactEmail: 'nile@example.test',
  requestsUrl: 'http://x/ngo/requests',
  when: 'Tuesday, 1 January 2030 · 10:00–12:00',
  location: 'Dokki',
  otherName: 'Nile Pharmacy',
  otherPhone: '',
};
const text = (template: MailTemplate, language: Language, values: object) =>
  renderMail(openedMailSchema.parse({ template, language, data: { ...data, ...values } })).text.replace(
    /\u00a0/g,
    ' ',
  );

describe('the approval and pickup e-mails say the price agreed', () => {
  for (const template of ['request-approved', 'pickup-confirmed'] as const) {
    it(`${template}: per unit and in total, in English`, () => {
      expect(text(template, 'en', { unitPrice: '12.50' })).toContain(
        'Price agreed: EGP 12.50 per unit, EGP 37.50 in total for 3 units.',
      );
      expect(text(template, 'en', { unitPrice: '12.50', quantity: '1' })).toContain(
        'Price agreed: EGP 12.50 per unit, EGP 12.50 in total for 1 unit.',
      );
    });

    it(`${template}: in Arabic, the units in their plural form, Latin digits`, () => {
      const mail = text(template, 'ar', { unitPrice: '12.50' });
      expect(mail).toMatch(
        /السعر المتفق عليه: \u200f?12\.50 ج\.م\.\u200f? للوحدة، و\u200f?37\.50 ج\.م\.\u200f? إجمالي لـ 3 وحدات\./,
      );
      expect(text(template, 'ar', { unitPrice: '12.50', quantity: '2' })).toMatch(/إجمالي لـ وحدتين\./);
      expect(mail).not.toMatch(/[٠-٩]/);
    });

    it(`${template}: free when given away, and nothing of money for a job queued before prices were mailed`, () => {
      expect(text(template, 'en', { unitPrice: '' })).toContain('Price: free of charge.');
      expect(text(template, 'ar', { unitPrice: '' })).toContain('السعر: مجاناً.');
      expect(text(template, 'en', {})).not.toMatch(/Price/);
      expect(text(template, 'ar', {})).not.toMatch(/السعر/);
    });
  }
});
