import type { i18n as I18n } from 'i18next';
import type { Language } from '@medrelay/contracts';
import { governorateLabels, governorates, type Governorate } from '@medrelay/domain/governorates';
import { handoverTexts } from './handover-texts';
import { needsTexts } from './needs-texts';
import { placeTexts } from './place-texts';
import { recallTexts } from './recall-texts';
import { addTexts } from './setup';

// Texts only signed-in screens (and registration) use: loaded with the role area's chunk, not with
// the landing page, which every visitor downloads on mobile data (landing ≤ 200 KB).
// Keys stay as they were (`handover.title`): i18next looks a key up here when `common` lacks it
// (`fallbackNS` in setup.ts).

/** `governorate.<key>` in one language, from libs/domain's names of Egypt's 27 governorates. */
function governorateTexts(language: Language): Record<Governorate, string> {
  return Object.fromEntries(governorates.map((key) => [key, governorateLabels[key][language]])) as Record<
    Governorate,
    string
  >;
}

/** The namespace of these texts; `common` falls back to it. */
export const workNamespace = 'work';

const en = {
  inbox: {
    title: 'Notifications',
    markAll: 'Mark all as read',
    empty: 'No notifications yet',
    failed: 'Could not load your notifications',
    loadMore: 'Load more',
    unread: 'Unread',
    expiring: 'Expiring soon',
    close: 'Close notifications',
  },
  scan: {
    title: 'Scan the pack',
    scanPack: 'Scan pack',
    fromPhoto: 'Scan from a photo',
    noPhoto: 'No photo chosen',
    cameraHint: "Hold the pack's square code (DataMatrix), or its barcode, in front of the camera.",
    close: 'Close',
    starting: 'Starting the camera…',
    cameraUnavailable: 'The camera could not be opened. Allow the camera, or scan from a photo.',
    loadFailed: 'The scanner could not be loaded. Check your connection and try again.',
    noCode: 'No pack code was found in this photo. Try a sharper, closer photo.',
    filled: 'Filled from the pack code: check the details before saving.',
    filledWithProduct: 'Filled from the pack code and the product list: check the details before saving.',
    wedgeHint: 'A USB or Bluetooth scanner works too: scan while the form is open.',
  },
  category: {
    label: 'Categories',
    hint: 'Tick what applies to this medicine.',
    prescription: 'Prescription-only',
    controlled: 'Controlled (narcotic / psychotropic)',
    coldChain: 'Cold chain (keep refrigerated)',
    coldChainBadge: 'Cold chain',
    prescriptionBadge: 'Prescription',
    controlledBadge: 'Controlled',
    separator: ', ',
    donorRule:
      'Individual donors cannot list: {{categories}}. Egyptian law (Law 127/1955) lets only licensed pharmacies dispense; give such medicines to a pharmacy.',
    coolBox: 'Cold-chain medicine: bring a cool box with ice packs and keep it refrigerated on the way.',
  },
  governorate: governorateTexts('en'),
  governorateField: {
    label: 'Governorate',
    hint: 'Where you are. Listings near you are shown first.',
    none: 'Not given',
  },
};

const ar: typeof en = {
  inbox: {
    title: 'الإشعارات',
    markAll: 'علّم الكل كمقروء',
    empty: 'لسه مفيش إشعارات',
    failed: 'مقدرناش نحمّل الإشعارات',
    loadMore: 'اعرض أكتر',
    unread: 'جديد',
    expiring: 'صلاحيتها قربت تخلص',
    close: 'اقفل الإشعارات',
  },
  scan: {
    title: 'امسح العلبة',
    scanPack: 'امسح العلبة',
    fromPhoto: 'امسح من صورة',
    noPhoto: 'مفيش صورة متختارة',
    cameraHint: 'قرّب الكود المربع اللي على العلبة (DataMatrix) أو الباركود من الكاميرا.',
    close: 'قفل',
    starting: 'بنشغّل الكاميرا…',
    cameraUnavailable: 'مقدرناش نفتح الكاميرا. اسمح بالكاميرا، أو امسح من صورة.',
    loadFailed: 'مقدرناش نحمّل الماسح. اتأكد من النت وجرّب تاني.',
    noCode: 'ملقيناش كود علبة في الصورة دي. جرّب صورة أوضح وأقرب.',
    filled: 'اتملت البيانات من كود العلبة: راجعها قبل الحفظ.',
    filledWithProduct: 'اتملت البيانات من كود العلبة وقايمة المنتجات: راجعها قبل الحفظ.',
    wedgeHint: 'الماسح الـ USB أو البلوتوث شغال كمان: امسح والفورم مفتوح.',
  },
  category: {
    label: 'التصنيفات',
    hint: 'علّم على اللي ينطبق على الدوا ده.',
    prescription: 'بروشتة بس',
    controlled: 'جدول (مخدر / مؤثر على الحالة النفسية)',
    coldChain: 'سلسلة تبريد (يتحفظ في التلاجة)',
    coldChainBadge: 'تبريد',
    prescriptionBadge: 'بروشتة',
    controlledBadge: 'جدول',
    separator: '، ',
    donorRule:
      'المتبرعين الأفراد مايقدروش يعرضوا: {{categories}}. القانون المصري (قانون 127 لسنة 1955) بيخلّي الصرف للصيدليات المرخصة بس؛ سلّم الأدوية دي لصيدلية.',
    coolBox: 'الدوا ده محتاج تبريد: هات معاك شنطة تبريد (آيس بوكس) فيها تلج وخليه متبرّد في السكة.',
  },
  governorate: governorateTexts('ar'),
  governorateField: {
    label: 'المحافظة',
    hint: 'إنت فين. الأدوية القريبة منك بتظهر الأول.',
    none: 'مش محددة',
  },
};

type WorkTexts = typeof en &
  typeof handoverTexts.en &
  typeof needsTexts.en &
  typeof recallTexts.en &
  typeof placeTexts.en;

export const work: Record<Language, WorkTexts> = {
  en: { ...en, ...handoverTexts.en, ...needsTexts.en, ...recallTexts.en, ...placeTexts.en },
  ar: { ...ar, ...handoverTexts.ar, ...needsTexts.ar, ...recallTexts.ar, ...placeTexts.ar },
};

/** Adds the signed-in screens' texts (namespace `work`) to the page's i18next instance, once. */
export function addWorkTexts(i18n: I18n): void {
  addTexts(i18n, workNamespace, work);
}
