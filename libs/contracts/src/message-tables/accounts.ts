import type { Texts } from './texts';

/** Accounts you can trust: request formats, sign-in links and steps, e-mail, two-factor, passkeys, devices. */
export const accountMessages = {
  /** A device named from its User-Agent (passkeys, in the account's language). */
  deviceOnSystem: { en: '{browser} on {system}', ar: '{browser} على {system}' },
  deviceBrowser: { en: 'Browser', ar: 'متصفح' },
  jsonBodyRequired: {
    en: 'This request must be sent as JSON (Content-Type: application/json)',
    ar: 'الطلب ده لازم يتبعت بصيغة JSON (Content-Type: application/json)',
  },
  idempotencyKeyInvalid: {
    en: 'The Idempotency-Key header must be 8 to 128 letters, digits, dashes or underscores',
    ar: 'الـ Idempotency-Key لازم يكون من 8 لـ 128 حرف أو رقم أو شرطة',
  },
  idempotencyKeyInUse: {
    en: 'This form is still being processed. Wait a moment before sending it again.',
    ar: 'الطلب ده لسه بيتنفّذ. استنى شوية قبل ما تبعته تاني.',
  },
  idempotencyKeyReused: {
    en: 'This Idempotency-Key was already used for a different form',
    ar: 'الـ Idempotency-Key ده اتستخدم قبل كده مع بيانات تانية',
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
  passwordResetSent: {
    en: 'If this e-mail has an account, we have sent it a link to set a new password. The link works for 30 minutes.',
    ar: 'لو الإيميل ده عليه حساب، بعتناله لينك تعمل بيه كلمة سر جديدة. اللينك شغال 30 دقيقة.',
  },
  passwordResetDone: {
    en: 'Your new password is set and every device was signed out. Sign in with the new password.',
    ar: 'كلمة السر الجديدة اتحفظت وكل الأجهزة اتعملها تسجيل خروج. سجل دخول بكلمة السر الجديدة.',
  },
  // Shown under the page's title, which already says "Your e-mail address is confirmed".
  emailVerified: {
    en: 'Thank you. MedRelay will write to you at this address.',
    ar: 'شكراً، هنبعتلك على الإيميل ده.',
  },
  emailChanged: {
    en: 'Your e-mail address is changed and confirmed. Use it to sign in from now on.',
    ar: 'إيميلك اتغيّر واتأكّد. استخدمه في تسجيل الدخول من دلوقتي.',
  },
  verificationSent: {
    en: 'We sent the confirmation link to your e-mail address.',
    ar: 'بعتنا لينك التأكيد على إيميلك.',
  },
  emailChangeSent: {
    en: 'We sent a link to the new address. Your e-mail changes once you open it.',
    ar: 'بعتنا لينك على الإيميل الجديد. إيميلك هيتغيّر أول ما تفتحه.',
  },
  passwordMinPolicy: {
    en: 'Password must be at least 10 characters',
    ar: 'كلمة السر لازم تكون 10 حروف على الأقل',
  },
  passwordCommon: {
    en: 'This password is among the most common ones: choose another',
    ar: 'كلمة السر دي من أشهر كلمات السر: اختار غيرها',
  },
  passwordPersonal: {
    en: 'The password must not contain your e-mail or name',
    ar: 'كلمة السر متنفعش يكون فيها إيميلك أو اسمك',
  },
  totpCodeInvalid: {
    en: 'Enter the 6-digit code from your authenticator app',
    ar: 'اكتب الكود اللي فيه 6 أرقام من تطبيق المصادقة',
  },
  secondFactorWrong: {
    en: 'This code is not right, or it was used already. Try the next code from your app.',
    ar: 'الكود ده مش صحيح، أو اتستخدم قبل كده. جرّب الكود اللي بعده من التطبيق.',
  },
  signInExpired: {
    en: 'This sign-in took too long. Please enter your e-mail and password again.',
    ar: 'تسجيل الدخول ده أخد وقت طويل. من فضلك اكتب الإيميل وكلمة السر تاني.',
  },
  twoFactorStillRequired: {
    en: 'Two-factor sign-in is required for your account: to move it to a new phone, give a code from your authenticator app or one of your recovery codes with your password.',
    ar: 'التحقق بخطوتين مطلوب لحسابك: عشان تنقله لموبايل جديد، اكتب كود من تطبيق المصادقة أو كود من أكواد الاسترجاع مع كلمة السر.',
  },
  twoFactorResetReasonInvalid: {
    en: 'Choose why the two-factor sign-in is reset',
    ar: 'اختار سبب إعادة ضبط التحقق بخطوتين',
  },
  /** An administrator's reset of an account that has no authenticator (or lost it meanwhile). */
  userHasNoTwoFactor: {
    en: 'This account has no two-factor sign-in to reset: its password alone signs it in',
    ar: 'الحساب ده مفيهوش تحقق بخطوتين عشان يتعمله إعادة ضبط: كلمة السر لوحدها بتدخّله',
  },
  selfTwoFactorReset: {
    en: 'You cannot reset your own two-factor sign-in: another administrator does it after checking it is you',
    ar: 'مينفعش تعمل إعادة ضبط للتحقق بخطوتين بتاع حسابك بنفسك: مسؤول تاني يعملها بعد ما يتأكد إنه إنت',
  },
  twoFactorAlreadyOn: {
    en: 'Two-factor sign-in is already on. To use another authenticator app, remove this one first under Sign-in & security.',
    ar: 'التحقق بخطوتين شغّال بالفعل. عشان تستخدم تطبيق مصادقة تاني، شيل التطبيق ده الأول من «الدخول والأمان».',
  },
  twoFactorNotOn: {
    en: 'Two-factor sign-in is off: recovery codes come with an authenticator app. Add one first.',
    ar: 'التحقق بخطوتين مقفول: أكواد الاسترجاع بتيجي مع تطبيق المصادقة. ضيف تطبيق الأول.',
  },
  twoFactorNotPending: {
    en: 'Start adding the authenticator again: no code was waiting to be confirmed.',
    ar: 'ابدأ إضافة تطبيق المصادقة من الأول: مكانش فيه كود مستني تأكيد.',
  },
  passwordConfirmPaused: {
    en: 'Too many wrong passwords on this account. Changes that ask for your password are paused for {minutes|minute}. Signing in still works; if you forgot your password, set a new one from the sign-in page.',
    ar: 'كلمة السر اتكتبت غلط مرات كتير على الحساب ده. التغييرات اللي بتطلب كلمة السر واقفة لمدة {minutes|minute}. تسجيل الدخول لسه شغال عادي، ولو نسيت كلمة السر اعمل واحدة جديدة من صفحة تسجيل الدخول.',
  },
  passkeyRefused: {
    en: 'This passkey could not sign you in. Try again, or sign in with your password.',
    ar: 'مفتاح المرور ده مقدرش يدخّلك. جرّب تاني، أو ادخل بكلمة السر.',
  },
  registrationRejectionReasonInvalid: {
    en: 'Choose why the registration is rejected',
    ar: 'اختار سبب رفض التسجيل',
  },
  /** PUT /status asked to reject a pending registration: Reject, with its reason, does that. */
  rejectWithReason: {
    en: 'A registration is rejected with Reject, which tells the applicant why',
    ar: 'التسجيل بيترفض من زرار رفض، وهو اللي بيقول لصاحبه السبب',
  },
} as const satisfies Record<string, Texts>;
