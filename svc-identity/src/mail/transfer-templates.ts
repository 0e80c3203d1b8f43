import { counted as countedNoun, type Language, type MailData } from '@medrelay/contracts';
import { transferTotal } from '@medrelay/domain';
import { formatMoney, leftToRight } from '@medrelay/domain/formats';
import type { Templates } from './templates';

/** A transfer's quantity with its noun, as each language counts it ("3 units", "وحدتين"). */
const units = (d: { quantity: string }, language: Language) =>
  countedNoun(Number(d.quantity), 'unit', language);

/**
 * Arabic «لـ» ("for") before a counted noun: joined to a word («لوحدة واحدة», «لوحدتين»), set
 * apart only before a digit or a Latin letter, which it cannot join («لـ 3 وحدات», «لـ 11 وحدة»).
 */
function forCounted(counted: string): string {
  return /^[0-9A-Za-z]/.test(counted) ? `لـ ${counted}` : `ل${counted}`;
}

/**
 * Fewer units approved than asked: the line that says so under the approval, in the reader's
 * language (nothing when all were approved, or for a job queued before it was mailed). Each
 * count's digits are isolated in Arabic, so a medicine's Latin name before it cannot pull the
 * number into its own left-to-right run.
 */
function fewerLines(d: MailData<'request-approved'>, language: Language): string[] {
  const asked = Number(d.askedQuantity);
  if (!(asked > Number(d.quantity))) return [];
  if (language === 'en')
    return [
      `That is fewer than you asked for: you asked for ${countedNoun(asked, 'unit', 'en')}, and only ${units(d, 'en')} will be handed over to you.`,
    ];
  const isolated = (counted: string) => counted.replace(/\d+/, (n) => leftToRight(n));
  return [
    `خد بالك: اتوافق على أقل من اللي طلبته. انت طلبت ${isolated(countedNoun(asked, 'unit', 'ar'))}، واللي هيتسلّملك ${isolated(units(d, 'ar'))} بس.`,
  ];
}

/** The e-mails of a transfer's life: approval and pickup, and the daily digests (recalls: recall-templates.ts). */
export type TransferTemplate =
  | 'request-approved'
  | 'pickup-confirmed'
  | 'pickup-changed'
  | 'pickup-called-off'
  | 'pickup-reminder'
  | 'expiry-digest'
  | 'need-match-digest';

export const transferTemplates: Record<Language, Pick<Templates, TransferTemplate>> = {
  en: {
    'request-approved': {
      subject: (d) =>
        `Your request for ${d.medicineName} is approved${fewerLines(d, 'en').length ? ' in part' : ''} – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `${d.providerName} approved your request for ${units(d, 'en')} of ${d.medicineName}.`,
        ...fewerLines(d, 'en'),
        ...priceLines(d, 'en'),
        ...(d.windows
          ? [
              `Pickup times offered (choose one in MedRelay; the time you choose then comes to your calendar):\n${d.windows}`,
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
        `The pickup of ${units(d, 'en')} of ${d.medicineName} is set for ${d.when}.`,
        ...priceLines(d, 'en'),
        `Place: ${d.location}`,
        ...(d.mapUrl ? [`Map: ${d.mapUrl}`] : []),
        `With: ${d.otherName}${d.otherPhone ? `, ${d.otherPhone}` : ''}`,
        ...(d.handoverCode
          ? [`Your handover code: ${d.handoverCode} (show it when you collect)`]
          : ['Ask for the handover code when you hand the medicine over, and enter it in MedRelay.']),
        'The attached calendar invitation adds the pickup to your calendar, and later e-mails move it or take it out if the time changes or the pickup is called off. No need to answer it: the time is already agreed in MedRelay.',
        `Your requests: ${d.requestsUrl}`,
      ],
    },
    'pickup-changed': {
      subject: (d) =>
        d.forOwner === 'yes'
          ? `Pickup time changed: ${d.medicineName} – ${d.systemName}`
          : `New pickup times for ${d.medicineName} – ${d.systemName}`,
      body: (d) =>
        d.forOwner === 'yes'
          ? [
              `Hello ${d.name},`,
              `You changed the pickup times for ${units(d, 'en')} of ${d.medicineName} requested by ${d.requesterName}. The time agreed before, ${d.agreedBefore}, no longer holds: the attached calendar file removes it from your calendar.`,
              `${d.requesterName} chooses one of the new times, and you will be told then:\n${d.windows}`,
              `Your requests: ${d.requestsUrl}`,
            ]
          : [
              `Hello ${d.name},`,
              `${d.providerName} changed the pickup times for ${units(d, 'en')} of ${d.medicineName}.${d.agreedBefore ? ` The time agreed before, ${d.agreedBefore}, no longer holds: the attached calendar file removes it from your calendar.` : ''} Choose one of these in MedRelay (the time you choose then comes to your calendar):\n${d.windows}`,
              ...(d.pickupLocation ? [`Pickup location: ${d.pickupLocation}`] : []),
              ...(d.mapUrl ? [`Map: ${d.mapUrl}`] : []),
              `Your requests: ${d.requestsUrl}`,
            ],
    },
    'pickup-called-off': {
      subject: (d) =>
        `${d.released ? 'Pickup released' : 'Pickup called off'}: ${d.medicineName} – ${d.systemName}`,
      body: (d) => [`Hello ${d.name},`, ...calledOffLines(d, 'en')],
    },
    'pickup-reminder': {
      subject: (d) =>
        d.kind === 'hour'
          ? `In one hour: pickup of ${d.medicineName} – ${d.systemName}`
          : `Tomorrow: pickup of ${d.medicineName} – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `A reminder: ${units(d, 'en')} of ${d.medicineName} is to be collected on ${d.when}.`,
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
      subject: (d) => `${countedNoun(Number(d.count), 'newMatch', 'en')} for what you need – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        'These listings match your wanted list. Open one to request it:',
        ...matchLines(d.items, 'en'),
        `Your wanted list: ${d.needsUrl}`,
      ],
    },
  },
  ar: {
    'request-approved': {
      subject: (d) =>
        `${fewerLines(d, 'ar').length ? 'تمت الموافقة على جزء من طلبك' : 'تمت الموافقة على طلبك'} لـ \u2068${d.medicineName}\u2069 – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `${d.providerName} وافق على طلبك ${forCounted(units(d, 'ar'))} من ${d.medicineName}.`,
        ...fewerLines(d, 'ar'),
        ...priceLines(d, 'ar'),
        ...(d.windows
          ? [
              `مواعيد الاستلام المتاحة (اختار واحد منهم على MedRelay، والميعاد اللي هتختاره هيتضاف للتقويم بتاعك بعدها):\n${d.windows}`,
            ]
          : []),
        ...pickupLines(d, {
          location: 'مكان الاستلام',
          address: 'العنوان',
          contact: 'إيميل التواصل',
        }),
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        ...(d.handoverCode ? [`كود التسليم بتاعك: ${d.handoverCode} (وريه وانت بتستلم)`] : []),
        `طلباتك: ${d.requestsUrl}`,
      ],
    },
    'pickup-confirmed': {
      subject: (d) => `ميعاد الاستلام اتحدد: ${d.medicineName}، ${d.when} – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `استلام ${units(d, 'ar')} من ${d.medicineName} اتحدد يوم ${d.when}.`,
        ...priceLines(d, 'ar'),
        `المكان: ${d.location}`,
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        `مع: ${d.otherName}${d.otherPhone ? `، ${leftToRight(d.otherPhone)}` : ''}`,
        ...(d.handoverCode
          ? [`كود التسليم بتاعك: ${d.handoverCode} (وريه وانت بتستلم)`]
          : ['اطلب كود التسليم وانت بتسلّم الدواء، واكتبه على MedRelay.']),
        'دعوة التقويم المرفقة بتضيف ميعاد الاستلام للتقويم بتاعك، ولو الميعاد اتغيّر أو الاستلام اتلغى الإيميلات الجاية هتغيّره أو تشيله. مش محتاج ترد على الدعوة: الميعاد متفق عليه خلاص على MedRelay.',
        `طلباتك: ${d.requestsUrl}`,
      ],
    },
    'pickup-changed': {
      subject: (d) =>
        d.forOwner === 'yes'
          ? `ميعاد الاستلام اتغيّر: \u2068${d.medicineName}\u2069 – ${d.systemName}`
          : `مواعيد استلام جديدة لـ \u2068${d.medicineName}\u2069 – ${d.systemName}`,
      body: (d) =>
        d.forOwner === 'yes'
          ? [
              `أهلاً ${d.name}،`,
              `انت غيّرت مواعيد استلام ${units(d, 'ar')} من ${d.medicineName} اللي طلبها ${d.requesterName}. الميعاد اللي كان متفق عليه، ${d.agreedBefore}، مبقاش ساري: ملف التقويم المرفق بيشيله من التقويم بتاعك.`,
              `${d.requesterName} هيختار ميعاد من المواعيد الجديدة، وهنبلغك ساعتها:\n${d.windows}`,
              `طلباتك: ${d.requestsUrl}`,
            ]
          : [
              `أهلاً ${d.name}،`,
              `${d.providerName} غيّر مواعيد استلام ${units(d, 'ar')} من ${d.medicineName}.${d.agreedBefore ? ` الميعاد اللي كان متفق عليه، ${d.agreedBefore}، مبقاش ساري: ملف التقويم المرفق بيشيله من التقويم بتاعك.` : ''} اختار واحد من المواعيد دي على MedRelay (والميعاد اللي هتختاره هيتضاف للتقويم بتاعك):\n${d.windows}`,
              ...(d.pickupLocation ? [`مكان الاستلام: ${d.pickupLocation}`] : []),
              ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
              `طلباتك: ${d.requestsUrl}`,
            ],
    },
    'pickup-called-off': {
      subject: (d) => `استلام ${d.medicineName} اتلغى – ${d.systemName}`,
      body: (d) => [`أهلاً ${d.name}،`, ...calledOffLines(d, 'ar')],
    },
    'pickup-reminder': {
      subject: (d) =>
        d.kind === 'hour'
          ? `كمان ساعة: استلام \u2068${d.medicineName}\u2069 – ${d.systemName}`
          : `بكرة: استلام \u2068${d.medicineName}\u2069 – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `تذكير: استلام ${units(d, 'ar')} من ${d.medicineName} يوم ${d.when}.`,
        `المكان: ${d.location}`,
        ...(d.mapUrl ? [`الخريطة: ${d.mapUrl}`] : []),
        `للتواصل: ${d.otherName}${d.otherPhone ? `، ${leftToRight(d.otherPhone)}` : ''}`,
        ...(d.whatsappUrl ? [`واتساب: ${d.whatsappUrl}`] : []),
        ...(d.handoverCode ? [`كود التسليم بتاعك: ${d.handoverCode}`] : []),
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
      subject: (d) => `${countedNoun(Number(d.count), 'newMatch', 'ar')} لاحتياجاتك – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        'الإعلانات دي مناسبة للي انت محتاجه. افتح أي واحد عشان تطلبه:',
        ...matchLines(d.items, 'ar'),
        `احتياجاتك: ${d.needsUrl}`,
      ],
    },
  },
};

/**
 * Why a suspension ended the pickup, and what to do now, by who reads it: the other party learns
 * only that the account is no longer active on MedRelay (not why), the requester not to go and to
 * request elsewhere, the owner not to wait (its units are back on offer, said below); the
 * suspended party that its own account is why, so it neither goes nor waits.
 */
function endedByInactiveLines(d: MailData<'pickup-called-off'>, what: string, language: Language): string[] {
  const ar = language === 'ar';
  const requester = d.readerRole === 'requester';
  if (d.inactive === 'reader')
    return ar
      ? [
          `استلام ${what} مع ${d.otherName} اتلغى عشان حسابك مبقاش شغال على MedRelay.`,
          requester ? 'متروحش تستلم.' : 'محدش هييجي يستلم منك.',
        ]
      : [
          `The pickup of ${what} with ${d.otherName} is called off because your account is no longer active on MedRelay.`,
          requester ? 'Do not go to collect it.' : 'No one will come to collect it.',
        ];
  if (requester)
    return ar
      ? [
          `استلام ${what} اتلغى عشان حساب ${d.otherName} مبقاش شغال على MedRelay: متروحش تستلم.`,
          'لو لسه محتاج الدوا ده، اطلبه من إعلان تاني على MedRelay.',
        ]
      : [
          `The pickup of ${what} is called off because ${d.otherName} is no longer active on MedRelay: do not go to collect it.`,
          'If you still need this medicine, request it from another listing on MedRelay.',
        ];
  return ar
    ? [
        `${d.otherName} مش هيستلم ${what}: الاستلام اتلغى عشان حسابه مبقاش شغال على MedRelay، فمتستناهوش ومتسلّمش الوحدات لحد باسمه.`,
      ]
    : [
        `${d.otherName} will not collect ${what}: the pickup is called off because their account is no longer active on MedRelay, so do not wait for them or hand the units over to anyone in their name.`,
      ];
}

/**
 * What the called-off e-mail says when the platform released the pickup (`released`): the agreed
 * time passed without a handover and the grace period ended, or no time was agreed in time; the
 * units are back on offer. The requester may request the medicine again.
 */
function releasedLines(d: MailData<'pickup-called-off'>, what: string, language: Language): string[] {
  const ar = language === 'ar';
  const missed = d.released === 'missed';
  if (d.readerRole === 'requester')
    return ar
      ? [
          missed
            ? `استلام ${what} اتلغى: الميعاد المتفق عليه عدّى من غير تسليم ومهلة السماح خلصت، فالوحدات رجعت معروضة.`
            : `استلام ${what} اتلغى: مفيش ميعاد استلام اتفقتوا عليه في الوقت، فالوحدات رجعت معروضة.`,
          'لو لسه محتاج الدوا ده، اطلبه تاني على MedRelay.',
        ]
      : [
          missed
            ? `Your pickup of ${what} is released: the agreed time passed without a handover and the grace period is over, so the units are back on offer.`
            : `Your pickup of ${what} is released: no pickup time was agreed in time, so the units are back on offer.`,
          'If you still need this medicine, request it again on MedRelay.',
        ];
  return ar
    ? [
        missed
          ? `${d.otherName} مستلمش ${what}: الميعاد المتفق عليه عدّى من غير تسليم ومهلة السماح خلصت، فالاستلام اتلغى.`
          : `مفيش ميعاد استلام ${what} اتفقتوا عليه مع ${d.otherName} في الوقت، فالاستلام اتلغى.`,
      ]
    : [
        missed
          ? `${d.otherName} did not collect ${what}: the agreed time passed without a handover and the grace period is over, so the pickup is released.`
          : `No time to collect ${what} was agreed with ${d.otherName} in time, so the pickup is released.`,
      ];
}

/**
 * What the called-off e-mail says, by who reads it: the other party is told who called the pickup
 * off and not to go (the requester) or not to wait (the owner, whose units are back on offer);
 * the one who called it off is told only that the attached file clears their calendar. A
 * suspension's says why instead (`endedByInactiveLines`).
 */
function calledOffLines(d: MailData<'pickup-called-off'>, language: Language): string[] {
  const units = countedNoun(Number(d.quantity), 'unit', language);
  const ar = language === 'ar';
  const what = ar ? `${units} من ${d.medicineName}` : `${units} of ${d.medicineName}`;
  const news = d.released
    ? releasedLines(d, what, language)
    : d.inactive
      ? endedByInactiveLines(d, what, language)
      : [
          d.byReader === 'yes'
            ? ar
              ? `لغيت استلام ${what}.`
              : `You called off the pickup of ${what}.`
            : d.readerRole === 'requester'
              ? ar
                ? `${d.otherName} لغى التسليم: متروحش تستلم ${what}.`
                : `${d.otherName} called off your pickup of ${what}: do not go to collect it.`
              : ar
                ? `${d.otherName} مش هيستلم ${what}: الاستلام اتلغى، فمتستناهوش.`
                : `${d.otherName} will not collect ${what}: the pickup is called off, so do not wait for them.`,
        ];
  // The suspended owner's listings went off offer with its account.
  const onOffer =
    d.readerRole === 'owner' && d.inactive !== 'reader'
      ? [
          ar
            ? 'الكمية رجعت معروضة في إعلانك. لو الوحدات اتلفت أو خلصت، قلّل الكمية في الإعلان.'
            : 'The units are back on offer in your listing. If they are damaged or gone, lower the listing’s quantity.',
        ]
      : [];
  return [
    ...news,
    ...(d.when ? [ar ? `الميعاد اللي اتلغى: ${d.when}` : `The time called off: ${d.when}`] : []),
    ...(d.location ? [ar ? `المكان: ${d.location}` : `Place: ${d.location}`] : []),
    ...onOffer,
    ...(d.calendar === 'yes'
      ? [
          ar
            ? 'ملف التقويم المرفق بيشيل ميعاد الاستلام ده من التقويم بتاعك.'
            : 'The attached calendar file removes this pickup from your calendar.',
        ]
      : []),
    // The suspended party can no longer sign in to see them.
    ...(d.inactive === 'reader' ? [] : [ar ? `طلباتك: ${d.requestsUrl}` : `Your requests: ${d.requestsUrl}`]),
  ];
}

/** The digest's medicines (from the catalog), one line each in the recipient's language. */
function digestLines(list: MailData<'expiry-digest'>['items'], language: Language): string[] {
  const units = (m: { quantity: unknown }) => countedNoun(Number(m.quantity), 'unit', language);
  const days = (m: { daysLeft: unknown }) => countedNoun(Number(m.daysLeft), 'day', language);
  return list.map((m) =>
    language === 'ar'
      ? `• \u2068${m.name}\u2069: ${units(m)}، الصلاحية ${m.expiryDate} (باقي ${days(m)})`
      : `• ${m.name}: ${units(m)}, expires ${m.expiryDate} (${days(m)} left)`,
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
  const units = (m: { quantity: unknown }) => countedNoun(Number(m.quantity), 'unit', language);
  const days = (m: { days: unknown }) => countedNoun(Number(m.days), 'day', language);
  return list.map((m) =>
    language === 'ar'
      ? `• \u2068${m.medicine}\u2069: ${units(m)}، فاضل ${days(m)}${far(m)} (لاحتياجك "${m.need}") – اطلبه: ${m.link}`
      : `• ${m.medicine}: ${units(m)}, ${days(m)} left${far(m)} (for your need "${m.need}") – request it: ${m.link}`,
  );
}

/**
 * The price agreed on approval, in the reader's language: per unit and in total, the units
 * counted with their noun ('3 units', 'وحدتين'), or free. Nothing for a job queued before prices
 * were mailed (no `unitPrice`).
 */
function priceLines(d: { quantity: string; unitPrice?: string | undefined }, language: Language): string[] {
  if (d.unitPrice === undefined) return [];
  const unit = Number(d.unitPrice || 0);
  if (!(unit > 0)) return [language === 'ar' ? 'السعر: مجاناً.' : 'Price: free of charge.'];
  const quantity = Number(d.quantity);
  const money = (value: number) => formatMoney(value, language);
  const units = countedNoun(quantity, 'unit', language);
  const total = money(transferTotal(unit, quantity));
  return [
    language === 'ar'
      ? `السعر المتفق عليه: ${money(unit)} للوحدة، والإجمالي ${total} ${forCounted(units)}.`
      : `Price agreed: ${money(unit)} per unit, ${total} in total for ${units}.`,
  ];
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
