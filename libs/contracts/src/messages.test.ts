import { describe, expect, it } from 'vitest';
import { apiAnswerMessages } from './message-tables/api-answers';
import { catalogRequestMessages } from './message-tables/catalog-requests';
import { notificationMessages } from './message-tables/notifications';
import { packCodeMessages } from './message-tables/pack-codes';
import { recallMessages } from './message-tables/recalls';
import { validationMessages } from './message-tables/validation';
import { messages, translate } from './messages';

const parts = {
  validationMessages,
  apiAnswerMessages,
  catalogRequestMessages,
  packCodeMessages,
  notificationMessages,
  recallMessages,
};

describe('the table of messages', () => {
  it('defines each key in one part only, so a later part never silently replaces a text', () => {
    const owners = new Map<string, string[]>();
    for (const [part, table] of Object.entries(parts))
      for (const key of Object.keys(table)) owners.set(key, [...(owners.get(key) ?? []), part]);
    expect([...owners].filter(([, where]) => where.length > 1)).toEqual([]);
    expect(Object.keys(messages)).toHaveLength(owners.size);
  });

  it('fills placeholders in the caller language and keeps unknown ones visible', () => {
    expect(translate('notifyExpiryAlert', 'en', { medicine: 'Concor 5mg', days: 3 })).toBe(
      'Concor 5mg: 3 day(s) left before expiry',
    );
    expect(translate('notifyExpiryAlert', 'ar', { medicine: 'Concor 5mg' })).toBe(
      'Concor 5mg: فاضل {days} يوم على انتهاء الصلاحية',
    );
  });
});
