import { counted as countedNoun, type Language, type MailData } from '@medrelay/contracts';
import type { Templates } from './templates';

/** A recall's e-mails: the recall and its reminders, its lift, and a pickup it holds. */
export type RecallTemplate = 'recall-quarantined' | 'recall-lifted' | 'pickup-on-hold';

/** A transfer's quantity with its noun, as each language counts it ("3 units", "وحدتين"). */
const units = (d: { quantity: string }, language: Language) =>
  countedNoun(Number(d.quantity), 'unit', language);

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
    if (d.role === 'holder')
      return [
        `You collected ${countedNoun(Number(d.quantity), 'unit', 'en')} of this batch.`,
        inHand,
        confirm,
      ];
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
    if (d.role === 'holder')
      return [`استلمت من التشغيلة دي ${countedNoun(Number(d.quantity), 'unit', 'ar')}.`, inHand, confirm];
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

export const recallTemplates: Record<Language, Pick<Templates, RecallTemplate>> = {
  en: {
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
    'pickup-on-hold': {
      subject: (d) => `Pickup on hold: ${d.medicineName} – ${d.systemName}`,
      body: (d) => {
        const what = `${units(d, 'en')} of ${d.medicineName}`;
        return [
          `Hello ${d.name},`,
          d.readerRole === 'requester'
            ? `Your pickup of ${what} from ${d.otherName}, agreed for ${d.when}, is on hold: the batch is recalled (${d.reason}). Do not go to collect it until MedRelay tells you the recall is lifted.`
            : `The pickup of ${what} by ${d.otherName}, agreed for ${d.when}, is on hold: the batch is recalled (${d.reason}). Do not hand the units over until MedRelay tells you the recall is lifted.`,
          ...(d.location ? [`Place: ${d.location}`] : []),
          'The attached calendar file removes this pickup from your calendar. If the recall is lifted before that time, an e-mail puts it back; if not, you agree on another time in MedRelay.',
          `Your requests: ${d.requestsUrl}`,
        ];
      },
    },
  },
  ar: {
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
    'pickup-on-hold': {
      subject: (d) => `استلام \u2068${d.medicineName}\u2069 متوقف – ${d.systemName}`,
      body: (d) => {
        const what = `${units(d, 'ar')} من ${d.medicineName}`;
        return [
          `أهلاً ${d.name}،`,
          d.readerRole === 'requester'
            ? `استلام ${what} من عند ${d.otherName}، اللي كان متفق عليه يوم ${d.when}، اتوقف: التشغيلة اتسحبت (${d.reason}). متروحش تستلمه لحد ما MedRelay يبلغك إن السحب اترفع.`
            : `${d.otherName} كان هييجي يستلم ${what} يوم ${d.when}، والاستلام ده اتوقف: التشغيلة اتسحبت (${d.reason}). متسلّمش الوحدات لحد ما MedRelay يبلغك إن السحب اترفع.`,
          ...(d.location ? [`المكان: ${d.location}`] : []),
          'ملف التقويم المرفق بيشيل ميعاد الاستلام ده من التقويم بتاعك. لو السحب اترفع قبل الميعاد، هيوصلك إيميل يرجّعه؛ ولو لأ، هتتفقوا على ميعاد تاني على MedRelay.',
          `طلباتك: ${d.requestsUrl}`,
        ];
      },
    },
  },
};
