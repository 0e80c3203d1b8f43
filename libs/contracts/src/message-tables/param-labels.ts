import { dosageFormLabels } from '@medrelay/domain/dosage-forms';
import type { Texts } from './texts';

/**
 * Words for the enum values a message is given: a placeholder written `{name:kind}` shows the
 * value's word in the reader's language, so a status never reaches a text as its raw value
 * ("completed" in an Arabic sentence). The words are those the screens' status badges use. A
 * value may list several (comma-separated), and a word may use the message's params in turn.
 */
export const messageParamLabels = {
  status: {
    pending: { en: 'pending', ar: 'مستني الرد' },
    approved: { en: 'approved', ar: 'مقبول' },
    rejected: { en: 'rejected', ar: 'مرفوض' },
    completed: { en: 'completed', ar: 'اتسلّم' },
    cancelled: { en: 'cancelled', ar: 'ملغي' },
  },
  dosageForm: dosageFormLabels,
  /** What an owner's edit after the approval changed (svc-requests medicines/listing-changes.ts). */
  listingChange: {
    renamed: { en: 'renamed from {was}', ar: 'اسمه اتغير من {was}' },
    type: {
      en: 'the type is now {type:dosageForm} (it was {wasType:dosageForm})',
      ar: 'النوع بقى {type:dosageForm} (كان {wasType:dosageForm})',
    },
    coldChainAdded: {
      en: 'it now needs cold storage: bring a cool box with ice packs',
      ar: 'بقى محتاج تبريد: هات معاك شنطة تبريد فيها تلج',
    },
    coldChainRemoved: { en: 'it no longer needs cold storage', ar: 'مبقاش محتاج تبريد' },
    prescriptionAdded: { en: 'it is now prescription-only', ar: 'بقى بروشتة بس' },
    prescriptionRemoved: { en: 'it is no longer prescription-only', ar: 'مبقاش بروشتة بس' },
    controlledAdded: { en: 'it is now a controlled medicine', ar: 'بقى من أدوية الجدول' },
    controlledRemoved: { en: 'it is no longer a controlled medicine', ar: 'مبقاش من أدوية الجدول' },
    pack: { en: 'new pack details', ar: 'بيانات العلبة اتغيرت' },
  },
} satisfies Record<string, Record<string, Texts>>;

/** How a list of words (`{name:kind}` given several values) is joined in each language. */
export const messageParamListSeparator: Texts = { en: '; ', ar: '؛ ' };

export type MessageParamKind = keyof typeof messageParamLabels;
