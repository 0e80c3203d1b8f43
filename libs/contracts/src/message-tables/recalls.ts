import type { Texts } from './texts';

/**
 * A recall reaching every holder of the batch: the notices, each with what to
 * do, and the refusals of its calls. Notices name no status or holding raw; what a party holds is
 * said in words.
 */
export const recallMessages = {
  recallBatchUnknown: {
    en: 'No listing on MedRelay has carried this product code and batch: check both and try again',
    ar: 'مفيش أي إعلان على MedRelay اتعرض بكود المنتج والتشغيلة دول: راجعهم وجرّب تاني',
  },
  recallNotReached: {
    en: 'This recall did not reach you: there is nothing for you to confirm',
    ar: 'السحب ده موصلكش: مفيش حاجة تأكّدها',
  },
  recallReachNotFound: {
    en: 'Nobody has been reached for this recall yet',
    ar: 'لسه محدش وصله إشعار بالسحب ده',
  },
  recallResendStale: {
    en: 'The list changed since you opened it: look at it again before resending',
    ar: 'القايمة اتغيّرت من ساعة ما فتحتها: بصّ عليها تاني قبل ما تبعت',
  },
  notifyRecallReminderTitle: {
    en: 'Reminder: batch recalled, please confirm',
    ar: 'تذكير: تشغيلة اتسحبت، أكّد من فضلك',
  },
  notifyRecallOwnerPharmacy: {
    en: '{medicine} (batch {batch}) is recalled: {reason}. Your listing is quarantined: hidden and not requestable until the recall is lifted. Set the packs of this batch aside and do not dispense them; return them as the recall instructs.',
    ar: '{medicine} (التشغيلة {batch}) اتسحب: {reason}. إعلانك اتحفّظ عليه: مش هيظهر ومحدش يقدر يطلبه لحد ما السحب يترفع. شيل علب التشغيلة دي على جنب ومتصرفهاش، ورجّعها زي ما تعليمات السحب بتقول.',
  },
  notifyRecallOwnerDonor: {
    en: '{medicine} (batch {batch}) that you offered is recalled: {reason}. Your donation is quarantined. Do not use these packs or give them to anyone: keep them aside and take them to a pharmacy, which returns them.',
    ar: '{medicine} (التشغيلة {batch}) اللي عرضته اتسحب: {reason}. تبرعك اتحفّظ عليه. متستخدمش العلب دي ومتديهاش لحد: خليها على جنب وودّيها لصيدلية ترجّعها.',
  },
  notifyRecallHolderNgo: {
    en: '{medicine} (batch {batch}) that you collected, quantity {quantity}, is recalled: {reason}. Set these units aside now and give them to no one; your pharmacist returns them as the recall instructs. Then confirm that they are set aside.',
    ar: '{medicine} (التشغيلة {batch}) اللي استلمته، الكمية {quantity}، اتسحب: {reason}. شيل الوحدات دي على جنب دلوقتي ومتديهاش لحد؛ الصيدلي بتاعكم هيرجّعها زي ما تعليمات السحب بتقول. وبعدين أكّد إنها اتشالت على جنب.',
  },
  notifyRecallHolderPharmacy: {
    en: '{medicine} (batch {batch}) that you collected, quantity {quantity}, is recalled: {reason}. Set these units aside now and do not dispense them; return them as the recall instructs. Then confirm that they are set aside.',
    ar: '{medicine} (التشغيلة {batch}) اللي استلمته، الكمية {quantity}، اتسحب: {reason}. شيل الوحدات دي على جنب دلوقتي ومتصرفهاش، ورجّعها زي ما تعليمات السحب بتقول. وبعدين أكّد إنها اتشالت على جنب.',
  },
  notifyRecallRequesterAction: {
    en: 'The batch of {medicine} you requested is recalled: {reason}. Pending requests are cancelled; approved ones are on hold until the recall is lifted. Do not collect these packs.',
    ar: 'التشغيلة بتاعة {medicine} اللي طلبته اتسحبت: {reason}. الطلبات المستنية اتلغت، واللي اتوافق عليها متوقفة لحد ما السحب يترفع. متستلمش العلب دي.',
  },
  notifyRecallLiftedHolder: {
    en: 'The recall of {medicine} (batch {batch}) is lifted: the units you set aside may be used again.',
    ar: 'سحب {medicine} (التشغيلة {batch}) اترفع: الوحدات اللي شلتها على جنب ينفع تستخدمها تاني.',
  },
} as const satisfies Record<string, Texts>;
