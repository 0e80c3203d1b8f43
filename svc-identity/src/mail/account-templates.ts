import type { Language, TwoFactorResetReason } from '@medrelay/contracts';
import { leftToRight } from '@medrelay/domain/formats';
import type { Templates } from './templates';

export type AccountTemplate =
  | 'account-deleted'
  | 'registration-existing-account'
  | 'account-locked-owner'
  | 'password-reset'
  | 'password-changed'
  | 'email-verification'
  | 'email-change-requested'
  | 'passkey-added'
  | 'passkey-removed'
  | 'two-factor-reset'
  | 'two-factor-changed'
  | 'recovery-code-used'
  | 'recovery-codes-replaced';

/** How many recovery codes are left, as a sentence's end. */
const codesLeft: Record<Language, (left: string) => string> = {
  en: (left) =>
    left === '0'
      ? 'none is left'
      : left === '1'
        ? '1 recovery code is left'
        : `${left} recovery codes are left`,
  ar: (left) =>
    left === '0'
      ? 'مفيش ولا كود باقي'
      : left === '1'
        ? 'باقي كود استرجاع واحد'
        : left === '2'
          ? 'باقي كودين استرجاع'
          : `باقي ${leftToRight(left)} أكواد استرجاع`,
};

/** Why an administrator removed the owner's two-factor sign-in, as the owner reads it. */
const resetReasons: Record<Language, Record<TwoFactorResetReason, string>> = {
  en: {
    lostDevicePhoneCall:
      'You told us you lost your authenticator app and your recovery codes, and we checked it was you by a phone call.',
    lostDeviceInPerson:
      'You told us you lost your authenticator app and your recovery codes, and we checked it was you in person.',
    unknownAuthenticator: 'You told us an authenticator app you did not add was on your account.',
  },
  ar: {
    lostDevicePhoneCall:
      'قولتلنا إن تطبيق المصادقة وأكواد الاسترجاع ضاعوا منك، واتأكدنا إنه إنت بمكالمة تليفون.',
    lostDeviceInPerson:
      'قولتلنا إن تطبيق المصادقة وأكواد الاسترجاع ضاعوا منك، واتأكدنا إنه إنت لما قابلناك بنفسك.',
    unknownAuthenticator: 'قولتلنا إن فيه تطبيق مصادقة على حسابك إنت مش اللي ضفته.',
  },
};

/** The e-mails (links arrive sealed in the job and are opened by the worker). */
export const accountTemplates: Record<Language, Pick<Templates, AccountTemplate>> = {
  en: {
    'account-deleted': {
      subject: (d) => `Your ${d.systemName} account was deleted`,
      body: (d) => [
        `Hello ${d.name},`,
        `Your ${d.systemName} account was deleted as you asked. Your name, phone, address, pickup point, photos and sign-in details are erased; every device was signed out.`,
        'Your open requests and agreed pickups were called off and the other party told; your listings were withdrawn. Records of hand-overs already completed are kept without your name, as the law on medicine custody requires.',
        `This address is free again: you may register with it later (${d.registerUrl}). If you did not delete your account, write to us at ${d.adminEmail}.`,
      ],
    },
    'registration-existing-account': {
      subject: (d) => `Someone tried to register with your e-mail – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Someone just tried to create a new ${d.systemName} account with this e-mail address, which already has an account. No new account was made.`,
        `If it was you, sign in instead: ${d.loginUrl}`,
        `Forgot your password? Set a new one here: ${d.resetUrl}`,
        'If it was not you, you need not do anything.',
      ],
    },
    'account-locked-owner': {
      subject: (d) => `Someone is trying to sign in to your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        `There were many failed sign-ins to your account from other devices, so it is locked to new devices for ${d.minutes} minutes. Devices you have signed in with before can still sign in.`,
        `To sign in from another device now, open this link on it (valid ${d.hours} hours, once): ${d.unlockUrl}`,
        'If you are worried, choose a longer password once you are in (Settings).',
      ],
    },
    'password-reset': {
      subject: (d) => `Set a new password – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Someone (we hope you) asked to set a new password for your ${d.systemName} account.`,
        `Set it here within ${d.minutes} minutes; the link works once: ${d.resetUrl}`,
        'If you did not ask, ignore this e-mail: your password stays as it is.',
      ],
    },
    'password-changed': {
      subject: (d) => `Your ${d.systemName} password was changed`,
      body: (d) => [
        `Hello ${d.name},`,
        d.passkeysRemoved === 'yes'
          ? 'The password of your account was just changed: every device was signed out and its passkeys removed (add yours again under Sign-in & security).'
          : 'The password of your account was just changed in its settings: every other device was signed out.',
        `If this was not you, set a new password at once: ${d.resetUrl}, and tell us at ${d.adminEmail}.`,
      ],
    },
    'email-verification': {
      subject: (d) => `Confirm your e-mail address – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Please confirm that this address is yours by opening this link (valid ${d.hours} hours): ${d.verifyUrl}`,
        ...(d.change === 'yes'
          ? ['Your account will use this address from the moment you open the link.']
          : []),
        'If you did not ask for this, ignore this e-mail.',
      ],
    },
    'email-change-requested': {
      subject: (d) => `Your ${d.systemName} e-mail address is being changed`,
      body: (d) => [
        `Hello ${d.name},`,
        `Someone signed in to your account asked to use ${d.newEmail} instead of this address. It changes only once a link sent to ${d.newEmail} is opened.`,
        `If this was not you, set a new password now: ${d.resetUrl}`,
      ],
    },
    'passkey-added': {
      subject: (d) => `A passkey was added to your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        `A passkey was just added to your account (${d.device}): it signs in without the password.`,
        `If this was not you, set a new password at once: ${d.resetUrl} (that removes every passkey), and tell us at ${d.adminEmail}.`,
      ],
    },
    'passkey-removed': {
      subject: (d) => `A passkey was removed from your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        `A passkey was just removed from your account (${d.device}): it no longer signs in.`,
        `If this was not you, someone may be signed in as you: set a new password at once: ${d.resetUrl} (that signs every device out), and tell us at ${d.adminEmail}.`,
      ],
    },
    'two-factor-changed': {
      subject: (d) =>
        d.turned === 'on'
          ? `Two-factor sign-in was turned on for your ${d.systemName} account`
          : `Two-factor sign-in was turned off for your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        d.turned === 'on'
          ? 'Two-factor sign-in was just turned on for your account: signing in now asks for a code from the authenticator app that was added. Every other device was signed out.'
          : d.enrolAgain === 'yes'
            ? 'Two-factor sign-in was just turned off for your account. Your account must use it: add an authenticator app again (on your new phone) under Sign-in & security, or your next sign-in asks you to. Every other device was signed out.'
            : 'Two-factor sign-in was just turned off for your account: your password alone signs you in now. Every other device was signed out.',
        d.turned === 'on'
          ? `If this was not you, someone knows your password and added their own app: set a new password at once (${d.resetUrl}) and write to us at ${d.adminEmail}: once we have checked it is you, we remove their app.`
          : `If this was not you, set a new password at once: ${d.resetUrl}, and tell us at ${d.adminEmail}.`,
      ],
    },
    'two-factor-reset': {
      subject: (d) => `An administrator removed two-factor sign-in from your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        `An administrator of ${d.systemName} removed the authenticator app and the recovery codes from your account on ${d.at} (Cairo time). Every device was signed out.`,
        `Why: ${resetReasons.en[d.reason]}`,
        d.enrolAgain === 'yes'
          ? `Sign in with your password: your account must use two-factor sign-in, so you are asked to add an authenticator app again at once (${d.loginUrl}).`
          : `Your password alone signs you in now. To keep your account safe, add an authenticator app again in Settings once you are in (${d.loginUrl}).`,
        `If you did not ask for this, someone may be trying to take over your account: set a new password at once (${d.resetUrl}) and write to us at ${d.adminEmail}.`,
      ],
    },
    'recovery-code-used': {
      subject: (d) =>
        d.by === 'sign-in'
          ? `A recovery code was used to sign in to your ${d.systemName} account`
          : `A recovery code was used to turn off two-factor sign-in on your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        d.by === 'sign-in'
          ? `One of your recovery codes was used in place of your authenticator app to sign in to your account on ${d.at} (Cairo time)${d.device ? `, from ${d.device}` : ''}. Each code works once: ${codesLeft.en(d.left)}.`
          : `One of your recovery codes was used on ${d.at} (Cairo time)${d.device ? `, from ${d.device},` : ''} to turn off two-factor sign-in on your account: the authenticator app and your other recovery codes were removed, so none is left.`,
        ...(d.by === 'sign-in' && d.fewLeft === 'yes'
          ? [
              'Make new recovery codes now, before you run out: Sign-in & security › Two-factor sign-in › New recovery codes (with your password and a code from your app, or one of your recovery codes). The old ones stop working at once.',
            ]
          : []),
        `If this was not you, someone knows your password and has one of your recovery codes: set a new password at once (${d.resetUrl}) and write to your administrator at ${d.adminEmail}.`,
      ],
    },
    'recovery-codes-replaced': {
      subject: (d) => `New recovery codes were made for your ${d.systemName} account`,
      body: (d) => [
        `Hello ${d.name},`,
        `A new set of recovery codes was made for your account on ${d.at} (Cairo time)${d.device ? `, from ${d.device}` : ''}. The earlier codes no longer work.`,
        `If this was not you, someone knows your password and can use your second factor: set a new password at once (${d.resetUrl}) and write to your administrator at ${d.adminEmail}.`,
      ],
    },
  },
  ar: {
    'account-deleted': {
      subject: (d) => `حسابك على ${d.systemName} اتمسح`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `حسابك على ${d.systemName} اتمسح زي ما طلبت. اسمك وتليفونك وعنوانك ونقطة الاستلام والصور وبيانات الدخول اتمسحوا، وكل الأجهزة اتعملها تسجيل خروج.`,
        'طلباتك المفتوحة ومواعيد الاستلام المتفق عليها اتلغت والطرف التاني اتبلّغ، وإعلاناتك اتسحبت. سجلات التسليم اللي خلصت فعلاً متسجلة من غير اسمك، زي ما قانون حفظ الأدوية بيطلب.',
        `الإيميل ده بقى متاح تاني: تقدر تسجّل بيه بعدين (${d.registerUrl}). لو مش إنت اللي مسحت الحساب، ابعتلنا على ${d.adminEmail}.`,
      ],
    },
    'registration-existing-account': {
      subject: (d) => `حد حاول يسجّل بإيميلك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `حد لسه حاول يعمل حساب جديد على ${d.systemName} بالإيميل ده، والإيميل ده عليه حساب فعلاً. مفيش حساب جديد اتعمل.`,
        `لو إنت، سجّل دخول بدل كده: ${d.loginUrl}`,
        `نسيت كلمة السر؟ اعمل واحدة جديدة من هنا: ${d.resetUrl}`,
        'لو مش إنت، مش محتاج تعمل أي حاجة.',
      ],
    },
    'account-locked-owner': {
      subject: (d) => `فيه حد بيحاول يدخل على حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `حصلت محاولات دخول غلط كتير على حسابك من أجهزة تانية، فالحساب اتقفل على الأجهزة الجديدة لمدة ${d.minutes} دقيقة. الأجهزة اللي دخلت منها قبل كده تقدر تدخل عادي.`,
        `عشان تدخل من جهاز تاني دلوقتي، افتح اللينك ده عليه (صالح ${d.hours} ساعة، ومرة واحدة): ${d.unlockUrl}`,
        'لو قلقان، اختار كلمة سر أطول أول ما تدخل (من الإعدادات).',
      ],
    },
    'password-reset': {
      subject: (d) => `اعمل كلمة سر جديدة – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `حد (نتمنى تكون إنت) طلب كلمة سر جديدة لحسابك على ${d.systemName}.`,
        `اعملها من هنا خلال ${d.minutes} دقيقة، واللينك بيشتغل مرة واحدة: ${d.resetUrl}`,
        'لو مطلبتش ده، تجاهل الإيميل: كلمة السر هتفضل زي ما هي.',
      ],
    },
    'password-changed': {
      subject: (d) => `كلمة السر بتاعة حسابك على ${d.systemName} اتغيرت`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        d.passkeysRemoved === 'yes'
          ? 'كلمة السر بتاعة حسابك لسه متغيرة: كل الأجهزة اتعملها تسجيل خروج ومفاتيح المرور اتشالت (ضيف مفاتيحك تاني من «الدخول والأمان»).'
          : 'كلمة السر بتاعة حسابك لسه متغيرة من الإعدادات: كل الأجهزة التانية اتعملها تسجيل خروج.',
        `لو مش إنت اللي غيرتها، اعمل كلمة سر جديدة حالاً وقولنا على \u2068${d.adminEmail}\u2069: ${d.resetUrl}`,
      ],
    },
    'email-verification': {
      subject: (d) => `أكّد إيميلك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `من فضلك أكّد إن الإيميل ده بتاعك بإنك تفتح اللينك ده (صالح ${d.hours} ساعة): ${d.verifyUrl}`,
        ...(d.change === 'yes' ? ['حسابك هيستخدم الإيميل ده من اللحظة اللي تفتح فيها اللينك.'] : []),
        'لو مطلبتش ده، تجاهل الإيميل.',
      ],
    },
    'email-change-requested': {
      subject: (d) => `إيميل حسابك على ${d.systemName} بيتغيّر`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `حد داخل على حسابك طلب يستخدم ${d.newEmail} بدل الإيميل ده. الإيميل مش هيتغير غير لما اللينك اللي اتبعت لـ ${d.newEmail} يتفتح.`,
        `لو مش إنت، اعمل كلمة سر جديدة دلوقتي: ${d.resetUrl}`,
      ],
    },
    'passkey-added': {
      subject: (d) => `اتضاف مفتاح مرور لحسابك على ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `لسه متضاف مفتاح مرور لحسابك (${d.device}): بيدخّلك من غير كلمة السر.`,
        `لو مش إنت اللي ضفته، اعمل كلمة سر جديدة حالاً: ${d.resetUrl} (ده بيشيل كل مفاتيح المرور)، وقولنا على ${d.adminEmail}.`,
      ],
    },
    'passkey-removed': {
      subject: (d) => `اتشال مفتاح مرور من حسابك على ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `لسه متشال مفتاح مرور من حسابك (${d.device}): مبقاش بيدخّلك.`,
        `لو مش إنت اللي شلته، ممكن حد يكون داخل بحسابك: اعمل كلمة سر جديدة حالاً: ${d.resetUrl} (ده بيخرّج كل الأجهزة)، وقولنا على ${d.adminEmail}.`,
      ],
    },
    'two-factor-changed': {
      subject: (d) =>
        d.turned === 'on'
          ? `التحقق بخطوتين اشتغل على حسابك في ${d.systemName}`
          : `التحقق بخطوتين اتقفل على حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        d.turned === 'on'
          ? 'التحقق بخطوتين لسه شغّال على حسابك: تسجيل الدخول بقى بيطلب كود من تطبيق المصادقة اللي اتضاف. كل الأجهزة التانية اتعملها تسجيل خروج.'
          : d.enrolAgain === 'yes'
            ? 'التحقق بخطوتين لسه متقفل على حسابك. حسابك لازم يستخدمه: ضيف تطبيق مصادقة من جديد (على موبايلك الجديد) من «الدخول والأمان»، وإلا أول ما تدخل تاني هيطلب منك تضيفه. كل الأجهزة التانية اتعملها تسجيل خروج.'
            : 'التحقق بخطوتين لسه متقفل على حسابك: كلمة السر لوحدها بقت بتدخّلك. كل الأجهزة التانية اتعملها تسجيل خروج.',
        d.turned === 'on'
          ? `لو مش إنت، يبقى حد عارف كلمة السر بتاعتك وضاف التطبيق بتاعه: اعمل كلمة سر جديدة حالاً (${d.resetUrl}) وابعتلنا على ${d.adminEmail}: أول ما نتأكد إنه إنت، هنشيل التطبيق بتاعه.`
          : `لو مش إنت، اعمل كلمة سر جديدة حالاً: ${d.resetUrl}، وقولنا على ${d.adminEmail}.`,
      ],
    },
    'two-factor-reset': {
      subject: (d) => `مسؤول شال التحقق بخطوتين من حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `مسؤول في ${d.systemName} شال تطبيق المصادقة وأكواد الاسترجاع من حسابك يوم ${d.at} (بتوقيت القاهرة). كل الأجهزة اتعملها تسجيل خروج.`,
        `السبب: ${resetReasons.ar[d.reason]}`,
        d.enrolAgain === 'yes'
          ? `ادخل بكلمة السر: حسابك لازم يستخدم التحقق بخطوتين، فهيطلب منك تضيف تطبيق مصادقة من جديد على طول (${d.loginUrl}).`
          : `كلمة السر لوحدها بقت بتدخّلك. عشان حسابك يفضل في أمان، ضيف تطبيق مصادقة تاني من الإعدادات أول ما تدخل (${d.loginUrl}).`,
        `لو إنت ماطلبتش ده، ممكن يكون حد بيحاول ياخد حسابك: اعمل كلمة سر جديدة حالاً (${d.resetUrl}) وابعتلنا على ${d.adminEmail}.`,
      ],
    },
    'recovery-code-used': {
      subject: (d) =>
        d.by === 'sign-in'
          ? `كود استرجاع اتستخدم للدخول على حسابك في ${d.systemName}`
          : `كود استرجاع اتستخدم لقفل التحقق بخطوتين على حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        d.by === 'sign-in'
          ? `كود من أكواد الاسترجاع بتاعتك اتستخدم بدل تطبيق المصادقة عشان يدخل على حسابك يوم ${d.at} (بتوقيت القاهرة)${d.device ? `، من \u2068${d.device}\u2069` : ''}. كل كود بيشتغل مرة واحدة: ${codesLeft.ar(d.left)}.`
          : `كود من أكواد الاسترجاع بتاعتك اتستخدم يوم ${d.at} (بتوقيت القاهرة)${d.device ? `، من \u2068${d.device}\u2069` : ''} عشان يقفل التحقق بخطوتين على حسابك: تطبيق المصادقة وباقي أكواد الاسترجاع اتشالوا، فمفيش ولا كود باقي.`,
        ...(d.by === 'sign-in' && d.fewLeft === 'yes'
          ? [
              'اعمل أكواد استرجاع جديدة دلوقتي قبل ما يخلصوا: الدخول والأمان › التحقق بخطوتين › أكواد استرجاع جديدة (بكلمة السر وكود من التطبيق، أو كود من أكواد الاسترجاع). الأكواد القديمة هتبطل تشتغل على طول.',
            ]
          : []),
        `لو مش إنت، يبقى حد عارف كلمة السر بتاعتك ومعاه كود من أكواد الاسترجاع: اعمل كلمة سر جديدة حالاً (\u2068${d.resetUrl}\u2069) وابعت لمسؤول المنصة على \u2068${d.adminEmail}\u2069.`,
      ],
    },
    'recovery-codes-replaced': {
      subject: (d) => `اتعملت أكواد استرجاع جديدة لحسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `اتعملت مجموعة أكواد استرجاع جديدة لحسابك يوم ${d.at} (بتوقيت القاهرة)${d.device ? `، من \u2068${d.device}\u2069` : ''}. الأكواد القديمة مبقتش بتشتغل.`,
        `لو مش إنت، يبقى حد عارف كلمة السر بتاعتك ويقدر يستخدم الخطوة التانية بتاعتك: اعمل كلمة سر جديدة حالاً (\u2068${d.resetUrl}\u2069) وابعت لمسؤول المنصة على \u2068${d.adminEmail}\u2069.`,
      ],
    },
  },
};
