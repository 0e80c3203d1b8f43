import type { Language, MailData, MailTemplate, OpenedMail, UserType } from '@medrelay/contracts';
import { accountTemplates } from './account-templates';

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

/**
 * What a recall asks of the reader: by their part (owner of a listing, holder of
 * collected units, requester) and who handles packs in hand (libs/domain recallInstruction: only
 * licensed pharmacies dispense; an NGO's pharmacist returns its units; a donor takes them to a
 * pharmacy). Holders and owners are asked to confirm on MedRelay that the packs are set aside.
 */
const recallSteps: Record<Language, (d: MailData<'recall-quarantined'>) => string[]> = {
  en: (d) => {
    const inHand =
      d.instruction === 'donor'
        ? 'Do not use these packs or give them to anyone: keep them aside and take them to a pharmacy, which returns them.'
        : d.instruction === 'ngoPharmacist'
          ? 'Set these units aside now and give them to no one: your pharmacist returns them as the recall instructs.'
          : 'Set these units aside now and do not dispense them: return them as the recall instructs.';
    const confirm = 'Then confirm on MedRelay that they are set aside ("I have set these units aside").';
    if (d.role === 'holder') return [`You collected ${d.quantity} unit(s) of this batch.`, inHand, confirm];
    if (d.role === 'owner')
      return [
        'Your listings of this batch are quarantined: they are hidden from browsing and cannot be requested until the recall is lifted. Pending requests on them are cancelled; approved ones are on hold.',
        inHand,
        confirm,
      ];
    return [
      'Your pending requests for this batch are cancelled; approved ones are on hold until the recall is lifted. Do not collect, hand over or use these packs.',
    ];
  },
  ar: (d) => {
    const inHand =
      d.instruction === 'donor'
        ? 'متستخدمش العلب دي ومتديهاش لحد: خليها على جنب وودّيها لصيدلية ترجّعها.'
        : d.instruction === 'ngoPharmacist'
          ? 'شيل الوحدات دي على جنب دلوقتي ومتديهاش لحد: الصيدلي بتاعكم هيرجّعها زي ما تعليمات السحب بتقول.'
          : 'شيل الوحدات دي على جنب دلوقتي ومتصرفهاش: رجّعها زي ما تعليمات السحب بتقول.';
    const confirm = 'وبعدين أكّد على MedRelay إنها اتشالت على جنب («شلت الوحدات دي على جنب»).';
    if (d.role === 'holder') return [`استلمت من التشغيلة دي: الكمية ${d.quantity}.`, inHand, confirm];
    if (d.role === 'owner')
      return [
        'إعلاناتك من التشغيلة دي اتحفّظ عليها: مش هتظهر في التصفح ومحدش يقدر يطلبها لحد ما السحب يترفع. الطلبات المستنية عليها اتلغت، واللي اتوافق عليها متوقفة.',
        inHand,
        confirm,
      ];
    return [
      'طلباتك المستنية للتشغيلة دي اتلغت، واللي اتوافق عليها متوقفة لحد ما السحب يترفع. متستلمش ومتسلّمش ومتستخدمش العلب دي.',
    ];
  },
};

const templates: Record<Language, Templates> = {
  en: {
    'registration-received': {
      subject: (d) => `We received your registration – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Thank you for registering with ${d.systemName} as a ${userTypeLabels.en[d.userType]}.`,
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
        `If you think this is a mistake, please contact us at ${d.adminEmail}.`,
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
        `${d.name} (${d.email}) registered as a ${userTypeLabels.en[d.userType]} and is waiting for approval.`,
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
    'request-approved': {
      subject: (d) => `Your request for ${d.medicineName} is approved – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `${d.providerName} approved your request for ${d.quantity} of ${d.medicineName}.`,
        ...(d.windows
          ? [
              `Pickup times offered (choose one in MedRelay; they are in the attached calendar file):\n${d.windows}`,
            ]
          : []),
        ...pickupLines(d, {
          location: 'Pickup location',
          address: 'Address',
          contact: 'Contact e-mail',
        }),
        ...(d.mapUrl ? [`Map: ${d.mapUrl}`] : []),
        ...(d.handoverCode ? [`Your handover code: ${d.handoverCode} (show it when you collect)`] : []),
        `Your requests: ${d.requestsUrl}`,
      ],
    },
    'pickup-confirmed': {
      subject: (d) => `Pickup set: ${d.medicineName}, ${d.when} – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `The pickup of ${d.quantity} of ${d.medicineName} is set for ${d.when}.`,
        `Place: ${d.location}`,
        ...(d.mapUrl ? [`Map: ${d.mapUrl}`] : []),
        `With: ${d.otherName}${d.otherPhone ? `, ${d.otherPhone}` : ''}`,
        ...(d.handoverCode
          ? [`Your handover code: ${d.handoverCode} (show it when you collect)`]
          : ['Ask for the handover code when you hand the medicine over, and enter it in MedRelay.']),
        'The attached calendar file adds the pickup to your calendar.',
        `Your requests: ${d.requestsUrl}`,
      ],
    },
    'recall-quarantined': {
      subject: (d) =>
        `${d.reminder === 'yes' ? 'Reminder: ' : ''}Batch ${d.batch} of ${d.medicines} is recalled – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `Batch ${d.batch} of ${d.medicines} is recalled: ${d.reason}`,
        ...recallSteps.en(d),
        `Details: ${d.url}`,
      ],
    },
    'recall-lifted': {
      subject: (d) => `The recall of batch ${d.batch} of ${d.medicines} is lifted – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        d.role === 'owner'
          ? `The recall of batch ${d.batch} of ${d.medicines} is lifted: your listings are offered again.`
          : d.role === 'holder'
            ? `The recall of batch ${d.batch} of ${d.medicines} is lifted: the units you set aside may be used again.`
            : `The recall of batch ${d.batch} of ${d.medicines} is lifted: your approved requests are active again.`,
        `Details: ${d.url}`,
      ],
    },
    'pickup-reminder': {
      subject: (d) =>
        d.kind === 'hour'
          ? `In one hour: pickup of ${d.medicineName} – ${d.systemName}`
          : `Tomorrow: pickup of ${d.medicineName} – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `A reminder: ${d.quantity} of ${d.medicineName} is to be collected on ${d.when}.`,
        `Place: ${d.location}`,
        ...(d.mapUrl ? [`Map: ${d.mapUrl}`] : []),
        `Contact: ${d.otherName}${d.otherPhone ? `, ${d.otherPhone}` : ''}`,
        ...(d.whatsappUrl ? [`WhatsApp: ${d.whatsappUrl}`] : []),
        ...(d.handoverCode ? [`Your handover code: ${d.handoverCode}`] : []),
        `Your requests: ${d.requestsUrl}`,
      ],
    },
    'expiry-digest': {
      subject: (d) => `${d.count} of your medicines expire soon – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        'These medicines you listed are close to their expiry date:',
        ...digestLines(d.items, 'en'),
        `Your listings: ${d.listingsUrl}`,
      ],
    },
    'need-match-digest': {
      subject: (d) => `${d.count} new match(es) for what you need – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        'These listings match your wanted list. Open one to request it:',
        ...matchLines(d.items, 'en'),
        `Your wanted list: ${d.needsUrl}`,
      ],
    },
    ...accountTemplates.en,
  },
  ar: {
    'registration-received': {
      subject: (d) => `استلمنا طلب تسجيلك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `شكراً إنك سجلت في ${d.systemName} كـ${userTypeLabels.ar[d.userType]}.`,
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
        `لو شايف إن ده حصل بالغلط، تواصل معانا على ${d.adminEmail}.`,
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
        `${d.name} (${d.email}) سجل كـ${userTypeLabels.ar[d.userType]} ومستني الموافقة.`,
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
        `حساب ${userTypeLabels.ar[d.userType]} ${d.name} (${d.email}) جاله ${d.failures} محاولة دخول غلط خلال ${d.windowMinutes} دقيقة من عناوين مختلفة، ويمكن حد بيحاول يخمّن كلمة السر. الحساب اتقفل ${d.minutes} دقيقة وهيتفتح لوحده بعدها.`,
        'مش محتاج تعمل حاجة. لو صاحب الحساب كلمك، انصحه بكلمة سر أطول.',
        `الحسابات: ${d.reviewUrl}`,
      ],
    },
    'request-approved': {
      subject: (d) => `تمت الموافقة على طلبك لـ ${d.medicineName} – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `${d.providerName} وافق على طلبك لـ ${d.quantity} من ${d.medicineName}.`,
        ...(d.windows
          ? [
              `مواعيد الاستلام المتاحة (اختار واحد منهم على MedRelay، وهتلاقيهم في ملف التقويم المرفق):\n${d.windows}`,
            ]
          : []),
        ...pickupLines(d, {
          location: 'مكان الاستلام',
          address: 'العنوان',
          contact: 'إيميل التواصل',
        }),
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        ...(d.handoverCode ? [`كود الاستلام بتاعك: ${d.handoverCode} (وريه وانت بتستلم)`] : []),
        `طلباتك: ${d.requestsUrl}`,
      ],
    },
    'pickup-confirmed': {
      subject: (d) => `ميعاد الاستلام اتحدد: ${d.medicineName}، ${d.when} – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `استلام ${d.quantity} من ${d.medicineName} اتحدد يوم ${d.when}.`,
        `المكان: ${d.location}`,
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        `مع: ${d.otherName}${d.otherPhone ? `، ${d.otherPhone}` : ''}`,
        ...(d.handoverCode
          ? [`كود الاستلام بتاعك: ${d.handoverCode} (وريه وانت بتستلم)`]
          : ['اطلب كود الاستلام وانت بتسلّم الدواء، واكتبه على MedRelay.']),
        'ملف التقويم المرفق بيضيف ميعاد الاستلام للتقويم بتاعك.',
        `طلباتك: ${d.requestsUrl}`,
      ],
    },
    'recall-quarantined': {
      subject: (d) =>
        `${d.reminder === 'yes' ? 'تذكير: ' : ''}التشغيلة ${d.batch} من ${d.medicines} اتسحبت – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `التشغيلة ${d.batch} من ${d.medicines} اتسحبت: ${d.reason}`,
        ...recallSteps.ar(d),
        `التفاصيل: ${d.url}`,
      ],
    },
    'recall-lifted': {
      subject: (d) => `سحب التشغيلة ${d.batch} من ${d.medicines} اترفع – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        d.role === 'owner'
          ? `سحب التشغيلة ${d.batch} من ${d.medicines} اترفع: إعلاناتك رجعت معروضة تاني.`
          : d.role === 'holder'
            ? `سحب التشغيلة ${d.batch} من ${d.medicines} اترفع: الوحدات اللي شلتها على جنب ينفع تستخدمها تاني.`
            : `سحب التشغيلة ${d.batch} من ${d.medicines} اترفع: طلباتك اللي اتوافق عليها رجعت شغالة تاني.`,
        `التفاصيل: ${d.url}`,
      ],
    },
    'pickup-reminder': {
      subject: (d) =>
        d.kind === 'hour'
          ? `كمان ساعة: استلام ${d.medicineName} – ${d.systemName}`
          : `بكرة: استلام ${d.medicineName} – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `تذكير: استلام ${d.quantity} من ${d.medicineName} يوم ${d.when}.`,
        `المكان: ${d.location}`,
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        `للتواصل: ${d.otherName}${d.otherPhone ? `، ${d.otherPhone}` : ''}`,
        ...(d.whatsappUrl ? [`واتساب: ${d.whatsappUrl}`] : []),
        ...(d.handoverCode ? [`كود الاستلام بتاعك: ${d.handoverCode}`] : []),
        `طلباتك: ${d.requestsUrl}`,
      ],
    },
    'expiry-digest': {
      subject: (d) => `${d.count} من أدويتك صلاحيتها قربت تخلص – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'الأدوية دي اللي عرضتها قربت صلاحيتها تخلص:',
        ...digestLines(d.items, 'ar'),
        `إعلاناتك: ${d.listingsUrl}`,
      ],
    },
    'need-match-digest': {
      subject: (d) => `${d.count} حاجة جديدة مناسبة لاحتياجاتك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'الإعلانات دي مناسبة للي انت محتاجه. افتح أي واحد عشان تطلبه:',
        ...matchLines(d.items, 'ar'),
        `احتياجاتك: ${d.needsUrl}`,
      ],
    },
    ...accountTemplates.ar,
  },
};

/** A registration's e-mail carries the link that proves the address, sealed in the job. */
function verifyLines(d: { verifyUrl?: string; hours?: string }, language: Language): string[] {
  if (!d.verifyUrl || !d.hours) return [];
  return language === 'en'
    ? [`Please confirm your e-mail address by opening this link (valid ${d.hours} hours): ${d.verifyUrl}`]
    : [`من فضلك أكّد إيميلك بإنك تفتح اللينك ده (صالح ${d.hours} ساعة): ${d.verifyUrl}`];
}

/** The digest's medicines (from the catalog), one line each in the recipient's language. */
function digestLines(list: MailData<'expiry-digest'>['items'], language: Language): string[] {
  return list.map((m) =>
    language === 'ar'
      ? `• ${m.name}: ${m.quantity} وحدة، الصلاحية ${m.expiryDate} (باقي ${m.daysLeft} يوم)`
      : `• ${m.name}: ${m.quantity} units, expires ${m.expiryDate} (${m.daysLeft} days left)`,
  );
}

/** The match digest's listings (from svc-requests), each with its deep link. */
function matchLines(list: MailData<'need-match-digest'>['items'], language: Language): string[] {
  // How far each is from the needer's pickup point, when known.
  const far = (m: { distance?: number }) =>
    m.distance === undefined
      ? ''
      : language === 'ar'
        ? `، على بعد ${m.distance} كم`
        : `, ${m.distance} km away`;
  return list.map((m) =>
    language === 'ar'
      ? `• ${m.medicine}: ${m.quantity} وحدة، فاضل ${m.days} يوم${far(m)} (لاحتياجك "${m.need}") – اطلبه: ${m.link}`
      : `• ${m.medicine}: ${m.quantity} units, ${m.days} days left${far(m)} (for your need "${m.need}") – request it: ${m.link}`,
  );
}

/** The digest's registrations, one line each in the recipient's language. */
function registrationLines(
  list: MailData<'admin-registration-digest'>['items'],
  language: Language,
): string[] {
  return list.map((r) => `• ${r.name} (${r.email}) – ${userTypeLabels[language][r.userType]}`);
}

/** Pickup details that apply: location and date for donations, address and contact for pharmacy stock. */
function pickupLines(
  d: Pick<MailData<'request-approved'>, 'pickupLocation' | 'address' | 'contactEmail'>,
  labels: { location: string; address: string; contact: string },
): string[] {
  return [
    d.pickupLocation ? `${labels.location}: ${d.pickupLocation}` : '',
    d.address ? `${labels.address}: ${d.address}` : '',
    d.contactEmail ? `${labels.contact}: ${d.contactEmail}` : '',
  ].filter(Boolean);
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
  return render(mail.template, mail.language, mail.data);
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
