import type { Texts } from './texts';

/** Why a scanned pack code was refused (libs/domain gs1ProblemMessage). */
export const packCodeMessages = {
  gs1NotGs1: { en: 'This is not a medicine pack code (GS1)', ar: 'ده مش كود علبة دواء (GS1)' },
  gs1Unreadable: {
    en: 'The pack code could not be read: scan it again',
    ar: 'مقدرناش نقرا كود العلبة: امسحه تاني',
  },
  gs1BadCheckDigit: {
    en: "The product code's check digit is wrong: scan again or type the details",
    ar: 'رقم التحقق في كود المنتج غلط: امسح تاني أو اكتب البيانات',
  },
  gs1BadDate: {
    en: 'The expiry date in the pack code is not a real date',
    ar: 'تاريخ الصلاحية اللي في كود العلبة مش تاريخ صحيح',
  },
  gs1TooLong: {
    en: 'A batch or serial number in the pack code is too long (a missing separator?)',
    ar: 'رقم التشغيلة أو الرقم التسلسلي في الكود أطول من المسموح (ممكن فاصل ناقص؟)',
  },
} as const satisfies Record<string, Texts>;
