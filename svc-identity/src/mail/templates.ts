import type {
  Language,
  MailData,
  MailTemplate,
  OpenedMail,
  RegistrationRejectionReason,
  UserType,
} from '@medrelay/contracts';
import { shownValue } from '@medrelay/contracts';
import { accountTemplates } from './account-templates';
import { licenseTemplates } from './license-templates';
import { recallTemplates } from './recall-templates';
import { transferTemplates } from './transfer-templates';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** An e-mail's subject and body from what its template shows (contracts' mail.ts). */
export interface Template<T extends MailTemplate> {
  subject: (d: MailData<T>) => string;
  /** Paragraphs of the body; the first is the greeting. */
  body: (d: MailData<T>) => string[];
}
export type Templates = { [T in MailTemplate]: Template<T> };

const userTypeLabels: Record<Language, Record<UserType, string>> = {
  en: { pharmacy: 'pharmacy', ngo: 'NGO', donor: 'donor', admin: 'administrator' },
  ar: { pharmacy: 'صيدلية', ngo: 'جمعية أهلية', donor: 'متبرع', admin: 'مسؤول' },
};
/** The English label with its article ("an NGO": said en-gee-oh). */
const userTypeWithArticle: Record<UserType, string> = {
  pharmacy: 'a pharmacy',
  ngo: 'an NGO',
  donor: 'a donor',
  admin: 'an administrator',
};

/** Why an administrator rejected a registration, as the registrant reads it. */
const rejectionReasons: Record<Language, Record<RegistrationRejectionReason, string>> = {
  en: {
    detailsUnverifiable: 'We could not verify the commercial licence or registration details.',
    notEligible: 'MedRelay is for pharmacies, NGOs with a pharmacist and individual donors in Egypt.',
    duplicate: 'This organisation already has an account.',
    other: 'Our team will explain if you write to us.',
  },
  ar: {
    detailsUnverifiable: 'مقدرناش نتأكد من رقم الترخيص التجاري أو بيانات التسجيل.',
    notEligible: 'MedRelay معمولة للصيدليات والجمعيات الأهلية اللي معاها صيدلي والمتبرعين الأفراد في مصر.',
    duplicate: 'الجهة دي عندها حساب بالفعل.',
    other: 'فريقنا هيوضحلك لو بعتلنا.',
  },
};

const templates: Record<Language, Templates> = {
  en: {
    'registration-received': {
      subject: (d) => `We received your registration – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Thank you for registering with ${d.systemName} as ${userTypeWithArticle[d.userType]}.`,
        d.userType === 'donor'
          ? 'Your account is pending approval. We will e-mail you as soon as it is approved.'
          : 'Your account is pending approval. Our team reviews new accounts within 24 to 48 hours, and we will e-mail you as soon as yours is approved.',
        ...verifyLines(d, 'en'),
      ],
    },
    'account-approved': {
      subject: (d) => `Your ${d.systemName} account is approved`,
      body: (d) => [
        `Hello ${d.name},`,
        'Good news: your account has been approved. You can now sign in and start using the platform.',
        `Sign in: ${d.loginUrl}`,
        ...verifyLines(d, 'en'),
      ],
    },
    'account-rejected': {
      subject: (d) => `Your ${d.systemName} registration`,
      body: (d) => [
        `Hello ${d.name},`,
        'We are sorry, but we could not approve your registration.',
        ...(d.rejectionReason && d.registerUrl
          ? [
              `Why: ${rejectionReasons.en[d.rejectionReason]}`,
              `If you can correct this, register again with this e-mail address: ${d.registerUrl}\nYour new application replaces this one and our team reviews it again.`,
              `Otherwise, or if you think this is a mistake, write to us at ${d.adminEmail}.`,
            ]
          : [`If you think this is a mistake, please contact us at ${d.adminEmail}.`]),
      ],
    },
    'account-suspended': {
      subject: (d) => `Your ${d.systemName} account is suspended`,
      body: (d) => [
        `Hello ${d.name},`,
        'Your account has been suspended and you can no longer sign in.',
        `If you have questions, please contact us at ${d.adminEmail}.`,
      ],
    },
    'account-reactivated': {
      subject: (d) => `Your ${d.systemName} account is active again`,
      body: (d) => [
        `Hello ${d.name},`,
        'Your account has been reactivated. You can sign in again.',
        `Sign in: ${d.loginUrl}`,
      ],
    },
    'admin-new-registration': {
      subject: (d) => `New ${userTypeLabels.en[d.userType]} registration waiting for approval`,
      body: (d) => [
        'Hello,',
        `${d.name} (${d.email}) registered as ${userTypeWithArticle[d.userType]} and is waiting for approval.`,
        `Review pending accounts: ${d.reviewUrl}`,
      ],
    },
    'admin-registration-digest': {
      subject: (d) =>
        `${counted('en', d.count, { one: 'new registration', other: 'new registrations' })} waiting for approval – ${d.systemName}`,
      body: (d) => [
        'Hello,',
        'These accounts registered and are waiting for approval:',
        ...registrationLines(d.items, 'en'),
        `Review pending accounts: ${d.reviewUrl}`,
      ],
    },
    'admin-account-locked': {
      subject: (d) => `Account locked after repeated failed sign-ins: ${d.email}`,
      body: (d) => [
        'Hello,',
        `The ${userTypeLabels.en[d.userType]} account of ${d.name} (${d.email}) had ${d.failures} failed sign-ins within ${d.windowMinutes} minutes from different addresses: someone may be guessing its password. It is locked for ${d.minutes} minutes, then opens again by itself.`,
        'Nothing else is needed. If the user contacts you, suggest a longer password.',
        `Accounts: ${d.reviewUrl}`,
      ],
    },
    ...transferTemplates.en,
    ...recallTemplates.en,
    ...accountTemplates.en,
    ...licenseTemplates.en,
  },
  ar: {
    'registration-received': {
      subject: (d) => `استلمنا طلب تسجيلك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `شكراً إنك سجلت في ${d.systemName} ك${userTypeLabels.ar[d.userType]}.`,
        d.userType === 'donor'
          ? 'حسابك مستني الموافقة، وهنبعتلك إيميل أول ما يتفعّل.'
          : 'حسابك مستني الموافقة. فريقنا بيراجع الحسابات الجديدة خلال 24 لـ 48 ساعة، وهنبعتلك إيميل أول ما حسابك يتفعّل.',
        ...verifyLines(d, 'ar'),
      ],
    },
    'account-approved': {
      subject: (d) => `تمت الموافقة على حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'يسعدنا نبلغك إن حسابك اتفعّل، وتقدر دلوقتي تسجل دخول وتبدأ تستخدم المنصة.',
        `تسجيل الدخول: ${d.loginUrl}`,
        ...verifyLines(d, 'ar'),
      ],
    },
    'account-rejected': {
      subject: (d) => `بخصوص طلب تسجيلك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'للأسف مقدرناش نوافق على طلب تسجيلك.',
        ...(d.rejectionReason && d.registerUrl
          ? [
              `السبب: ${rejectionReasons.ar[d.rejectionReason]}`,
              `لو تقدر تصلّح ده، سجّل تاني بنفس الإيميل ده: ${d.registerUrl}\nطلبك الجديد هياخد مكان القديم، وفريقنا هيراجعه من تاني.`,
              `غير كده، أو لو شايف إن ده حصل بالغلط، ابعتلنا على ${d.adminEmail}.`,
            ]
          : [`لو شايف إن ده حصل بالغلط، تواصل معانا على ${d.adminEmail}.`]),
      ],
    },
    'account-suspended': {
      subject: (d) => `تم إيقاف حسابك في ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'تم إيقاف حسابك، ومش هتقدر تسجل دخول لحد ما يتفعّل تاني.',
        `لو عندك أي استفسار، تواصل معانا على ${d.adminEmail}.`,
      ],
    },
    'account-reactivated': {
      subject: (d) => `حسابك في ${d.systemName} اتفعّل تاني`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'تم تفعيل حسابك تاني، وتقدر تسجل دخول دلوقتي.',
        `تسجيل الدخول: ${d.loginUrl}`,
      ],
    },
    'admin-new-registration': {
      subject: (d) => `تسجيل جديد (${userTypeLabels.ar[d.userType]}) مستني الموافقة`,
      body: (d) => [
        'أهلاً،',
        `\u2068${d.name}\u2069 (${d.email}) سجل ك${userTypeLabels.ar[d.userType]} ومستني الموافقة.`,
        `راجع الحسابات اللي مستنية الموافقة: ${d.reviewUrl}`,
      ],
    },
    'admin-registration-digest': {
      subject: (d) =>
        `${counted('ar', d.count, {
          one: 'تسجيل جديد مستني الموافقة',
          two: 'تسجيلين جداد مستنيين الموافقة',
          few: 'تسجيلات جديدة مستنية الموافقة',
          other: 'تسجيل جديد مستني الموافقة',
        })} – ${d.systemName}`,
      body: (d) => [
        'أهلاً،',
        'الحسابات دي اتسجلت ومستنية الموافقة:',
        ...registrationLines(d.items, 'ar'),
        `راجع الحسابات اللي مستنية الموافقة: ${d.reviewUrl}`,
      ],
    },
    'admin-account-locked': {
      subject: (d) => `حساب اتقفل بعد محاولات دخول غلط كتير: ${d.email}`,
      body: (d) => [
        'أهلاً،',
        `حساب ${userTypeLabels.ar[d.userType]} \u2068${d.name}\u2069 (${d.email}) جاله ${d.failures} محاولة دخول غلط خلال ${d.windowMinutes} دقيقة من عناوين مختلفة، ويمكن حد بيحاول يخمّن كلمة السر. الحساب اتقفل ${d.minutes} دقيقة وهيتفتح لوحده بعدها.`,
        'مش محتاج تعمل حاجة. لو صاحب الحساب كلمك، انصحه بكلمة سر أطول.',
        `الحسابات: ${d.reviewUrl}`,
      ],
    },
    ...transferTemplates.ar,
    ...recallTemplates.ar,
    ...accountTemplates.ar,
    ...licenseTemplates.ar,
  },
};

/** A registration's e-mail carries the link that proves the address, sealed in the job. */
function verifyLines(d: { verifyUrl?: string; hours?: string }, language: Language): string[] {
  if (!d.verifyUrl || !d.hours) return [];
  return language === 'en'
    ? [`Please confirm your e-mail address by opening this link (valid ${d.hours} hours): ${d.verifyUrl}`]
    : [`من فضلك أكّد إيميلك بإنك تفتح اللينك ده (صالح ${d.hours} ساعة): ${d.verifyUrl}`];
}

/** The digest's registrations, one line each in the recipient's language. */
function registrationLines(
  list: MailData<'admin-registration-digest'>['items'],
  language: Language,
): string[] {
  return list.map((r) => `• ${r.name} (${r.email}) – ${userTypeLabels[language][r.userType]}`);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const pluralRules = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };

/**
 * A count with its noun in the language's plural form: "1 new registration", and in Arabic the
 * noun alone for one and two ("تسجيل جديد", "تسجيلين جداد"), the number before it otherwise.
 */
function counted(
  language: Language,
  count: string,
  forms: { one: string; two?: string; few?: string; other: string },
): string {
  const n = Number(count);
  const form = pluralRules[language].select(n);
  if (language === 'ar' && form === 'one') return forms.one;
  if (language === 'ar' && form === 'two') return forms.two ?? `${n} ${forms.other}`;
  const noun = form === 'one' ? forms.one : form === 'few' ? (forms.few ?? forms.other) : forms.other;
  return `${n} ${noun}`;
}

/** Renders an e-mail in the recipient's language; Arabic HTML is right-to-left. */
export function renderMail(mail: OpenedMail): RenderedMail {
  return render(mail.template, mail.language, namesShown(mail.data, mail.language));
}

/** The data with a deleted account's placeholder name in the reader's language, lists included. */
function namesShown<D>(data: D, language: Language): D {
  if (typeof data === 'string') return shownValue(data, language) as D;
  if (Array.isArray(data)) return data.map((item: unknown) => namesShown(item, language)) as D;
  if (data && typeof data === 'object')
    return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, namesShown(v, language)])) as D;
  return data;
}

/** Every e-mail names the platform in its signature. */
function render<T extends MailTemplate>(
  template: T,
  language: Language,
  data: MailData<T> & { systemName: string },
): RenderedMail {
  const t: Template<T> = templates[language][template];
  const paragraphs = t.body(data);
  const { systemName } = data;
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:Arial,sans-serif">${paragraphs
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('')}<p style="color:#666">${escapeHtml(systemName)}</p></body></html>`;
  return { subject: t.subject(data), text: `${paragraphs.join('\n\n')}\n\n— ${systemName}\n`, html };
}
