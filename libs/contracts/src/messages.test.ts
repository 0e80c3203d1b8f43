import { describe, expect, it } from 'vitest';
import { accountMessages } from './message-tables/accounts';
import { apiAnswerMessages } from './message-tables/api-answers';
import { catalogRequestMessages } from './message-tables/catalog-requests';
import { notificationMessages } from './message-tables/notifications';
import { packCodeMessages } from './message-tables/pack-codes';
import { recallMessages } from './message-tables/recalls';
import { validationMessages } from './message-tables/validation';
import {
  countedNouns,
  languages,
  messageParamLabels,
  messages,
  translate,
  type MessageKey,
} from './messages';
import { requestStatuses } from './requests';

const parts = {
  validationMessages,
  apiAnswerMessages,
  catalogRequestMessages,
  packCodeMessages,
  notificationMessages,
  recallMessages,
  accountMessages,
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
      'Concor 5mg: 3 days left before expiry',
    );
    expect(translate('notifyExpiryAlert', 'ar', { medicine: 'Concor 5mg' })).toBe(
      'Concor 5mg: فاضل {days|day} على انتهاء الصلاحية',
    );
  });

  it('writes a count with its noun as each language does (Arabic: one, two, 3–10, 11 up)', () => {
    const days = (n: number, language: 'en' | 'ar') =>
      translate('notifyExpiryAlert', language, { medicine: 'Concor', days: n });
    expect([1, 2, 3, 10, 11, 30, 100].map((n) => days(n, 'ar'))).toEqual([
      'Concor: فاضل يوم واحد على انتهاء الصلاحية',
      'Concor: فاضل يومين على انتهاء الصلاحية',
      'Concor: فاضل 3 أيام على انتهاء الصلاحية',
      'Concor: فاضل 10 أيام على انتهاء الصلاحية',
      'Concor: فاضل 11 يوم على انتهاء الصلاحية',
      'Concor: فاضل 30 يوم على انتهاء الصلاحية',
      'Concor: فاضل 100 يوم على انتهاء الصلاحية',
    ]);
    expect([1, 7].map((n) => days(n, 'en'))).toEqual([
      'Concor: 1 day left before expiry',
      'Concor: 7 days left before expiry',
    ]);
    expect(translate('insufficientQuantity', 'ar', { available: 2 })).toBe('المتاح وحدتين بس');
    expect(translate('insufficientQuantity', 'en', { available: 1 })).toBe('Only 1 unit available');
    // A request's notices say what was counted, as the need and match notices do.
    const request = { requester: 'Hope NGO', medicine: 'Concor', quantity: 2 };
    expect(translate('notifyRequestNew', 'ar', request)).toBe('Hope NGO طلب وحدتين من Concor');
    expect(translate('notifyRequestApproved', 'en', { ...request, quantity: 1 })).toBe(
      'Your request for 1 unit of Concor was approved',
    );
    expect(translate('notifyRequestCompleted', 'ar', { ...request, quantity: 5 })).toBe(
      'Hope NGO استلم 5 وحدات من Concor',
    );
    // No «لـ» left before a counted noun, which takes it joined («لوحدتين») or not («لـ 3 وحدات»).
    const withdrawn = (quantity: number) =>
      translate('notifyApprovalWithdrawn', 'ar', { owner: 'صيدلية النيل', medicine: 'Concor', quantity });
    expect([1, 2, 3, 11].map(withdrawn)).toEqual([
      'صيدلية النيل لغى التسليم: متروحش تستلم وحدة واحدة من Concor.',
      'صيدلية النيل لغى التسليم: متروحش تستلم وحدتين من Concor.',
      'صيدلية النيل لغى التسليم: متروحش تستلم 3 وحدات من Concor.',
      'صيدلية النيل لغى التسليم: متروحش تستلم 11 وحدة من Concor.',
    ]);
    expect(
      [1, 2, 3, 11].map((quantity) => translate('notifyRequestApproved', 'ar', { ...request, quantity })),
    ).toEqual([
      'تمت الموافقة على طلبك: وحدة واحدة من Concor',
      'تمت الموافقة على طلبك: وحدتين من Concor',
      'تمت الموافقة على طلبك: 3 وحدات من Concor',
      'تمت الموافقة على طلبك: 11 وحدة من Concor',
    ]);
    // Approved for fewer units than asked: both counts, each with its noun.
    const part = (quantity: number, asked: number, language: 'en' | 'ar') =>
      translate('notifyRequestApprovedPart', language, {
        owner: 'Nile',
        medicine: 'Concor',
        quantity,
        asked,
      });
    expect([part(2, 5, 'en'), part(1, 2, 'en')]).toEqual([
      'Nile approved 2 units of Concor: fewer than the 5 units you asked for',
      'Nile approved 1 unit of Concor: fewer than the 2 units you asked for',
    ]);
    expect([part(2, 5, 'ar'), part(1, 2, 'ar'), part(3, 11, 'ar')]).toEqual([
      'Nile وافق على وحدتين بس من Concor: انت كنت طالب 5 وحدات',
      'Nile وافق على وحدة واحدة بس من Concor: انت كنت طالب وحدتين',
      'Nile وافق على 3 وحدات بس من Concor: انت كنت طالب 11 وحدة',
    ]);
  });
});

describe('enum values in messages', () => {
  const placeholders = (text: string) =>
    [...text.matchAll(/\{(\w+)(?:([:|])(\w+))?\}/g)].map(([, name, mark, kind]) => ({
      name: name!,
      kind: mark === ':' ? kind : mark && `${mark}${kind}`,
    }));
  const keys = Object.keys(messages) as MessageKey[];

  it('reach no text raw: every key, in each language, with every status as each typed placeholder', () => {
    const labels = messageParamLabels as Record<string, Record<string, Record<string, string>>>;
    for (const key of keys) {
      for (const language of languages) {
        const all = placeholders(messages[key][language]);
        const isWord = (p: { kind?: string | undefined }) => !!p.kind && !p.kind.startsWith('|');
        const withStatus = all.filter((p) => p.kind === 'status');
        // Other kinds: every word at once (a list), the params those words name in turn, and
        // the rest of the message's params (numbers), so nothing Latin is left in Arabic.
        const typed = all.filter((p) => isWord(p) && p.kind !== 'status');
        const words = typed.flatMap((p) => Object.values(labels[p.kind!]!).map((w) => w[language]!));
        const others: Record<string, string> = {};
        for (const p of [...typed, ...words.flatMap(placeholders)])
          others[p.name] ??= isWord(p) ? Object.keys(labels[p.kind!]!).join(',') : '1';
        if (typed.length) for (const p of all) others[p.name] ??= '1';
        for (const status of requestStatuses) {
          const text = translate(key, language, {
            ...others,
            ...Object.fromEntries(withStatus.map((p) => [p.name, status])),
          });
          expect(text, `${key} (${language})`).not.toMatch(/\{\w+:\w+\}/);
          if (language === 'ar' && (typed.length || withStatus.length))
            expect(text, `${key} (ar, ${status})`).not.toMatch(/[a-z]{4,}/);
        }
      }
    }
    // Walked above: the refusal a stale card gets.
    expect(translate('requestTransitionRefused', 'ar', { from: 'completed', to: 'completed' })).toBe(
      'الطلب ده حالته دلوقتي «اتسلّم»: مينفعش تغيّرها لـ«اتسلّم»',
    );
  });

  it('are named only through typed placeholders, the same in both languages, with a word for every status', () => {
    for (const key of keys) {
      const [en, ar] = languages.map((language) => placeholders(messages[key][language]));
      expect(new Set(ar!.map((p) => `${p.name}:${p.kind}`)), key).toEqual(
        new Set(en!.map((p) => `${p.name}:${p.kind}`)),
      );
      for (const p of en!) {
        if (['status', 'from', 'to'].includes(p.name)) expect(p.kind, `${key} {${p.name}}`).toBe('status');
        if (p.kind?.startsWith('|'))
          expect(Object.keys(countedNouns), `${key} {${p.name}${p.kind}}`).toContain(p.kind.slice(1));
        else if (p.kind)
          expect(Object.keys(messageParamLabels), `${key} {${p.name}:${p.kind}}`).toContain(p.kind);
      }
    }
    expect(Object.keys(messageParamLabels.status).sort()).toEqual([...requestStatuses].sort());
  });
});

describe('a list of words in a message', () => {
  it("names each value in the reader's language, joined as the language lists them, the words filled from the same params", () => {
    const params = {
      quantity: 2,
      medicine: 'Mixtard 30',
      changes: 'renamed,type,coldChainAdded',
      was: 'Insulin',
      type: 'injection',
      wasType: 'drops',
      batch: 'L1',
      expiry: '2031-05-01',
    };
    expect(translate('notifyListingChanged', 'en', params)).toBe(
      'The owner changed the 2 × Mixtard 30 you are to collect: renamed from Insulin; the type is now Injection (it was Drops); it now needs cold storage: bring a cool box with ice packs. Batch L1, expires 2031-05-01. Check the pack at pickup.',
    );
    expect(translate('notifyListingChanged', 'ar', params)).toBe(
      'صاحب الإعلان غيّر 2 × Mixtard 30 اللي هتستلمهم: اسمه اتغير من Insulin؛ النوع بقى حقن (كان نقط)؛ بقى محتاج تبريد: هات معاك شنطة تبريد فيها تلج. التشغيلة L1، بتنتهي 2031-05-01. راجع العلبة وانت بتستلم.',
    );
    // An unknown value shows as given; one value is one word, as before.
    expect(translate('requestTransitionRefused', 'en', { from: 'completed', to: 'lost' })).toMatch(/lost/);
  });

  it('has every word in both languages with the same placeholders', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)(?::(\w+))?\}/g)].map((m) => m[0]).sort();
    for (const [kind, words] of Object.entries(messageParamLabels)) {
      for (const [value, texts] of Object.entries(words as Record<string, { en: string; ar: string }>)) {
        expect(texts.ar, `${kind}.${value}`).toBeTruthy();
        expect(names(texts.ar), `${kind}.${value}`).toEqual(names(texts.en));
      }
    }
  });
});
