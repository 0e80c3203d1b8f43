import type { Texts } from './texts';

/** Accounts you can trust (issue 27): request formats, sign-in links and steps, e-mail, two-factor, passkeys, devices. */
export const accountMessages = {
  jsonBodyRequired: {
    en: 'This request must be sent as JSON (Content-Type: application/json)',
    ar: 'الطلب ده لازم يتبعت بصيغة JSON (Content-Type: application/json)',
  },
  headersTooLarge: {
    en: 'The request headers are too large',
    ar: 'عناوين الطلب (headers) أكبر من المسموح',
  },
  requestTimeout: {
    en: 'The request took too long to arrive',
    ar: 'الطلب اتأخر أوي لحد ما وصل',
  },
  linkInvalid: {
    en: 'This link is not valid any more. It may have been used already or be more than its time old: ask for a new one.',
    ar: 'اللينك ده مبقاش صالح. ممكن يكون اتستخدم قبل كده أو وقته خلص: اطلب لينك جديد.',
  },
  unlockSent: {
    en: 'If this e-mail has an account, we have sent a link that lets this device sign in.',
    ar: 'لو الإيميل ده عليه حساب، بعتنا لينك يخلّي الجهاز ده يقدر يسجل دخول.',
  },
  deviceTrusted: {
    en: 'This device can sign in to your account now, even while it is locked to others.',
    ar: 'الجهاز ده يقدر يسجل دخول لحسابك دلوقتي، حتى لو الحساب مقفول على غيره.',
  },
} as const satisfies Record<string, Texts>;
