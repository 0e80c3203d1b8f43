import { useTranslation } from 'react-i18next';
import type { Language } from '@medrelay/contracts';
import { addTexts } from '@medrelay/i18n';

/** Texts of the account screens (links by e-mail, password reset, e-mail proof). */
const en = {
  unlock: {
    title: 'Sign in on this device',
    subtitle:
      'Your account is locked to new devices after many failed sign-ins. We can e-mail you a link that lets this device in.',
    email: 'Email',
    send: 'Send me the link',
    sent: 'Check your e-mail',
    opening: 'Opening your account on this device…',
    done: 'This device can sign in now',
    toLogin: 'Go to sign in',
    failed: 'This link does not work',
    back: 'Back to sign in',
  },
  forgot: {
    title: 'Forgot your password?',
    subtitle:
      'Enter the e-mail of your account and we will send you a link to set a new password. It works for 30 minutes.',
    email: 'Email',
    send: 'Send reset link',
    sent: 'Check your e-mail',
    back: 'Back to sign in',
    link: 'Forgot your password?',
    locked: 'Locked out? Get a link for this device',
  },
  reset: {
    title: 'Set a new password',
    subtitle: 'Choose a new password. Every device signed in to your account will be signed out.',
    password: 'New password',
    submit: 'Set password',
    done: 'Your password is set',
    doneBody: 'Sign in with your new password.',
    failed: 'This link does not work',
    again: 'Ask for a new link',
    noToken: 'Open the link from the e-mail we sent you.',
  },
  verify: {
    title: 'Confirm your e-mail',
    opening: 'Confirming your e-mail address…',
    done: 'Your e-mail address is confirmed',
    failed: 'This link does not work',
    toLogin: 'Go to sign in',
    home: 'Go home',
  },
  strength: {
    label: 'Password strength: {{level}}',
    level: ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'],
    weakTitle: 'Please choose a new password',
    weakBody:
      'Your password no longer meets this platform’s rules (at least 10 characters, not a common password, nothing of your e-mail or name).',
  },
  twoFactor: {
    codeTitle: 'Enter your code',
    codeSubtitle:
      'Open your authenticator app and enter the 6-digit code for MedRelay. Lost your phone? Enter one of your recovery codes. Lost those too? Ask your administrator: they can remove two-factor sign-in once they have checked it is you.',
    code: 'Code',
    submit: 'Verify',
    again: 'Start again',
    enrolTitle: 'Set up two-factor sign-in',
    enrolSubtitle:
      'Your administrator requires a second step at sign-in for your account. Scan this QR code with an authenticator app, then enter the code it shows.',
    qrAlt: 'QR code to scan with your authenticator app',
    secret: 'Or type this key in the app:',
    confirm: 'Turn on',
    codesTitle: 'Save your recovery codes',
    codesBody:
      'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.',
    continue: 'I saved them, continue',
    title: 'Two-factor sign-in',
    on: 'On: signing in asks for a code from your authenticator app.',
    off: 'Off: your password alone signs you in.',
    required: 'Your administrator requires it for your account.',
    left: 'Recovery codes left: {{count}}',
    start: 'Add an authenticator app',
    disable: 'Turn off',
    password: 'Your password',
    confirmPassword: 'Your password (asked before turning it on)',
    othersSignedOut: 'Every other device was signed out, and we e-mailed you about the change.',
    moveIntro:
      'New phone, or lost yours? Enter a code from your authenticator app, or one of your recovery codes, and your password: this app is removed and you add the new one right away.',
    move: 'Remove it and add a new one',
    moved: 'Authenticator removed: add your new one now',
    enabled: 'Two-factor sign-in is on',
    disabled: 'Two-factor sign-in is off',
    failed: 'Could not change two-factor sign-in',
  },
  passkeys: {
    title: 'Passkeys',
    subtitle:
      'Sign in with your phone’s fingerprint or face unlock, or your computer’s screen lock, instead of a password. A passkey counts as two factors.',
    add: 'Add a passkey',
    password: 'Your password (asked before adding a passkey)',
    added: 'Passkey added',
    remove: 'Remove',
    removed: 'Passkey removed',
    none: 'No passkey yet.',
    created: 'Added {{when}}',
    used: 'Last used {{when}}',
    neverUsed: 'Not used yet',
    failed: 'The passkey could not be added',
    removeFailed: 'The passkey could not be removed',
    cancelled: 'No passkey was made: the browser’s window was closed or timed out.',
    signIn: 'Use a passkey instead',
    signInFailed: 'Signing in with a passkey did not work',
  },
  devices: {
    title: 'Where you are signed in',
    subtitle:
      'Each browser signed in to your account. Sign out one you do not recognise, then change your password.',
    unknownPlace: 'Place unknown',
    seen: 'Last active {{when}}',
    signedIn: 'Signed in {{when}}',
    current: 'This device',
    signOut: 'Sign out',
    signOutOthers: 'Sign out all other devices',
    signedOut: 'Signed out',
    signedOutOthers: 'Other devices signed out: {{count}}',
    none: 'No other device is signed in.',
    failed: 'Could not sign the device out',
  },
  security: {
    title: 'Sign-in & security',
    subtitle: 'How you sign in, and where you are signed in',
    open: 'Two-factor sign-in, passkeys and devices',
  },
  email: {
    title: 'E-mail address',
    current: 'Current e-mail',
    verified: 'Confirmed',
    unverified: 'Not confirmed yet',
    resend: 'Send the confirmation link again',
    resent: 'We sent the link again',
    change: 'New e-mail address',
    password: 'Your password',
    submit: 'Change e-mail',
    pending: 'Waiting for you to open the link sent to {{email}}. Your e-mail changes then.',
    changeSent: 'Check the new address',
    failed: 'Could not change the e-mail',
  },
};

const ar: typeof en = {
  unlock: {
    title: 'ادخل من الجهاز ده',
    subtitle:
      'حسابك اتقفل على الأجهزة الجديدة بعد محاولات دخول غلط كتير. نقدر نبعتلك لينك على الإيميل يخلّي الجهاز ده يدخل.',
    email: 'الإيميل',
    send: 'ابعتلي اللينك',
    sent: 'بص على إيميلك',
    opening: 'بنفتح حسابك على الجهاز ده…',
    done: 'الجهاز ده يقدر يسجل دخول دلوقتي',
    toLogin: 'روح لتسجيل الدخول',
    failed: 'اللينك ده مش شغال',
    back: 'ارجع لتسجيل الدخول',
  },
  forgot: {
    title: 'نسيت كلمة السر؟',
    subtitle: 'اكتب إيميل حسابك وهنبعتلك لينك تعمل بيه كلمة سر جديدة. اللينك شغال 30 دقيقة.',
    email: 'الإيميل',
    send: 'ابعت لينك كلمة السر',
    sent: 'بص على إيميلك',
    back: 'ارجع لتسجيل الدخول',
    link: 'نسيت كلمة السر؟',
    locked: 'الحساب مقفول؟ خد لينك للجهاز ده',
  },
  reset: {
    title: 'اعمل كلمة سر جديدة',
    subtitle: 'اختار كلمة سر جديدة. كل الأجهزة اللي داخلة على حسابك هيتعملها تسجيل خروج.',
    password: 'كلمة السر الجديدة',
    submit: 'احفظ كلمة السر',
    done: 'كلمة السر اتحفظت',
    doneBody: 'سجل دخول بكلمة السر الجديدة.',
    failed: 'اللينك ده مش شغال',
    again: 'اطلب لينك جديد',
    noToken: 'افتح اللينك اللي في الإيميل اللي بعتناهولك.',
  },
  verify: {
    title: 'أكّد إيميلك',
    opening: 'بنأكّد إيميلك…',
    done: 'إيميلك اتأكّد',
    failed: 'اللينك ده مش شغال',
    toLogin: 'روح لتسجيل الدخول',
    home: 'الصفحة الرئيسية',
  },
  strength: {
    label: 'قوة كلمة السر: {{level}}',
    level: ['ضعيفة جداً', 'ضعيفة', 'مقبولة', 'كويسة', 'قوية'],
    weakTitle: 'من فضلك اختار كلمة سر جديدة',
    weakBody:
      'كلمة السر بتاعتك مبقتش ماشية مع قواعد المنصة (10 حروف على الأقل، ومتكونش من المشهورة، ومفيهاش إيميلك أو اسمك).',
  },
  twoFactor: {
    codeTitle: 'اكتب الكود',
    codeSubtitle:
      'افتح تطبيق المصادقة واكتب الكود اللي فيه 6 أرقام بتاع MedRelay. موبايلك ضاع؟ اكتب كود من أكواد الاسترجاع. ضاعوا هما كمان؟ كلّم المسؤول: يقدر يشيل التحقق بخطوتين بعد ما يتأكد إنه إنت.',
    code: 'الكود',
    submit: 'تأكيد',
    again: 'ابدأ من الأول',
    enrolTitle: 'فعّل التحقق بخطوتين',
    enrolSubtitle:
      'مسؤول المنصة طالب خطوة تانية في تسجيل الدخول لحسابك. امسح الكود ده بتطبيق مصادقة، وبعدين اكتب الكود اللي هيظهرلك.',
    qrAlt: 'كود QR تمسحه بتطبيق المصادقة',
    secret: 'أو اكتب المفتاح ده في التطبيق:',
    confirm: 'فعّل',
    codesTitle: 'احفظ أكواد الاسترجاع',
    codesBody: 'كل كود بيدخّلك مرة واحدة لو موبايلك ضاع. احفظهم في مكان أمان: مش هيظهروا تاني.',
    continue: 'حفظتهم، كمّل',
    title: 'التحقق بخطوتين',
    on: 'شغال: تسجيل الدخول بيطلب كود من تطبيق المصادقة.',
    off: 'مقفول: كلمة السر لوحدها بتدخّلك.',
    required: 'مسؤول المنصة طالبه لحسابك.',
    left: 'أكواد الاسترجاع الباقية: {{count}}',
    start: 'ضيف تطبيق مصادقة',
    disable: 'اقفله',
    password: 'كلمة السر بتاعتك',
    confirmPassword: 'كلمة السر بتاعتك (بنطلبها قبل ما نشغّله)',
    othersSignedOut: 'كل الأجهزة التانية اتعملها تسجيل خروج، وبعتنالك إيميل بالتغيير ده.',
    moveIntro:
      'غيّرت موبايلك أو ضاع منك؟ اكتب كود من تطبيق المصادقة، أو كود من أكواد الاسترجاع، وكلمة السر: التطبيق ده هيتشال وتضيف الجديد على طول.',
    move: 'شيله وضيف واحد جديد',
    moved: 'تطبيق المصادقة اتشال: ضيف الجديد دلوقتي',
    enabled: 'التحقق بخطوتين اشتغل',
    disabled: 'التحقق بخطوتين اتقفل',
    failed: 'مقدرناش نغيّر التحقق بخطوتين',
  },
  passkeys: {
    title: 'مفاتيح المرور',
    subtitle:
      'ادخل ببصمة صباعك أو بوشّك على الموبايل، أو بقفل شاشة الكمبيوتر، بدل كلمة السر. مفتاح المرور بيتحسب خطوتين تحقق.',
    add: 'ضيف مفتاح مرور',
    password: 'كلمة السر بتاعتك (بنطلبها قبل ما تضيف مفتاح مرور)',
    added: 'مفتاح المرور اتضاف',
    remove: 'امسح',
    removed: 'مفتاح المرور اتمسح',
    none: 'مفيش مفتاح مرور لسه.',
    created: 'اتضاف {{when}}',
    used: 'آخر استخدام {{when}}',
    neverUsed: 'لسه ما اتستخدمش',
    failed: 'مقدرناش نضيف مفتاح المرور',
    removeFailed: 'مقدرناش نمسح مفتاح المرور',
    cancelled: 'متعملش مفتاح مرور: شباك المتصفح اتقفل أو الوقت خلص.',
    signIn: 'ادخل بمفتاح مرور',
    signInFailed: 'الدخول بمفتاح المرور منفعش',
  },
  devices: {
    title: 'إنت داخل منين',
    subtitle: 'كل متصفح داخل على حسابك. اعمل تسجيل خروج لأي جهاز مش عارفه، وبعدين غيّر كلمة السر.',
    unknownPlace: 'المكان مش معروف',
    seen: 'آخر نشاط {{when}}',
    signedIn: 'دخل {{when}}',
    current: 'الجهاز ده',
    signOut: 'تسجيل خروج',
    signOutOthers: 'تسجيل خروج من كل الأجهزة التانية',
    signedOut: 'اتعمل تسجيل خروج',
    signedOutOthers: 'أجهزة تانية اتعملها تسجيل خروج: {{count}}',
    none: 'مفيش جهاز تاني داخل.',
    failed: 'مقدرناش نعمل تسجيل خروج للجهاز',
  },
  security: {
    title: 'الدخول والأمان',
    subtitle: 'إزاي بتسجل دخول، وفين إنت داخل',
    open: 'التحقق بخطوتين ومفاتيح المرور والأجهزة',
  },
  email: {
    title: 'الإيميل',
    current: 'الإيميل الحالي',
    verified: 'متأكّد',
    unverified: 'لسه متأكّدش',
    resend: 'ابعت لينك التأكيد تاني',
    resent: 'بعتنا اللينك تاني',
    change: 'إيميل جديد',
    password: 'كلمة السر بتاعتك',
    submit: 'غيّر الإيميل',
    pending: 'مستنيين تفتح اللينك اللي اتبعت لـ {{email}}. الإيميل هيتغير ساعتها.',
    changeSent: 'بص على الإيميل الجديد',
    failed: 'مقدرناش نغيّر الإيميل',
  },
};

export const accountTexts: Record<Language, typeof en> = { en, ar };

/** The screen's texts (registered once, with the screen's chunk) and `t` over them. */
export function useAccountTexts() {
  const { i18n } = useTranslation();
  addTexts(i18n, 'accounts', accountTexts);
  return useTranslation('accounts');
}

/** The token of an e-mailed link: in the address's fragment, so it never reaches a server log. */
export function linkToken(): string | null {
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}
