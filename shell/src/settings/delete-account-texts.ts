import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';
import { addTexts } from '@medrelay/i18n';

/** Texts of "Delete my account" (donors' settings) and of the page shown after it. */
const en = {
  title: 'Delete my account',
  intro: 'You can leave MedRelay at any time. Deleting your account cannot be undone:',
  requests: 'Your open requests and agreed pickups are called off, and the other party is told at once.',
  listings: 'Your listings are withdrawn and their photos deleted.',
  personal:
    'Your name, phone, address, pickup point and sign-in details are erased, and every device is signed out.',
  records:
    'Records of hand-overs already completed are kept without your name, as the law on medicine custody requires.',
  again: 'We e-mail you a confirmation. You may register again later with the same e-mail address.',
  open: 'Delete my account…',
  confirmTitle: 'Delete your account for good?',
  confirmBody:
    'This cannot be undone. Type your password to confirm: your account is deleted at once and this browser is signed out.',
  password: 'Your password',
  confirm: 'Delete my account',
  keep: 'Keep my account',
  failed: 'Your account was not deleted',
  doneTitle: 'Your account was deleted',
  doneBody:
    'Your personal data is erased and every device is signed out. We e-mailed you a confirmation. Thank you for the medicines you shared.',
  doneAgain: 'Want to come back?',
  doneRegister: 'Register again',
};

const ar: typeof en = {
  title: 'امسح حسابي',
  intro: 'تقدر تسيب MedRelay في أي وقت. مسح الحساب مينفعش يترجع:',
  requests: 'طلباتك المفتوحة ومواعيد الاستلام المتفق عليها هتتلغي، والطرف التاني هيتبلّغ على طول.',
  listings: 'إعلاناتك هتتسحب وصورها هتتمسح.',
  personal: 'اسمك وتليفونك وعنوانك ونقطة الاستلام وبيانات الدخول هتتمسح، وكل الأجهزة هيتعملها تسجيل خروج.',
  records: 'سجلات التسليم اللي خلصت فعلاً هتفضل من غير اسمك، زي ما قانون حفظ الأدوية بيطلب.',
  again: 'هنبعتلك إيميل بالتأكيد. وتقدر تسجّل تاني بعدين بنفس الإيميل.',
  open: 'امسح حسابي…',
  confirmTitle: 'تمسح حسابك خالص؟',
  confirmBody:
    'ده مينفعش يترجع. اكتب كلمة السر عشان تأكد: الحساب هيتمسح على طول والمتصفح ده هيتعمله تسجيل خروج.',
  password: 'كلمة السر بتاعتك',
  confirm: 'امسح حسابي',
  keep: 'سيب حسابي',
  failed: 'الحساب متمسحش',
  doneTitle: 'حسابك اتمسح',
  doneBody:
    'بياناتك الشخصية اتمسحت وكل الأجهزة اتعملها تسجيل خروج. بعتنالك إيميل بالتأكيد. شكراً على الأدوية اللي شاركتها.',
  doneAgain: 'عايز ترجع؟',
  doneRegister: 'سجّل تاني',
};

export const deleteAccountTexts: Record<Language, typeof en> = { en, ar };

/** The texts (registered once, with the screen's chunk) and `t` over them. */
export function useDeleteAccountTexts() {
  const { i18n } = useTranslation();
  addTexts(i18n, 'account-deletion', deleteAccountTexts);
  return useTranslation('account-deletion');
}
