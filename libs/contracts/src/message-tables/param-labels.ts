import type { Texts } from './texts';

/**
 * Words for the enum values a message is given: a placeholder written `{name:kind}` shows the
 * value's word in the reader's language, so a status never reaches a text as its raw value
 * ("completed" in an Arabic sentence). The words are those the screens' status badges use.
 */
export const messageParamLabels = {
  status: {
    pending: { en: 'pending', ar: 'مستني الرد' },
    approved: { en: 'approved', ar: 'مقبول' },
    rejected: { en: 'rejected', ar: 'مرفوض' },
    completed: { en: 'completed', ar: 'اتسلّم' },
    cancelled: { en: 'cancelled', ar: 'ملغي' },
  },
} satisfies Record<string, Record<string, Texts>>;

export type MessageParamKind = keyof typeof messageParamLabels;
