import type { Language, PharmacistLicenseRejectionReason } from '@medrelay/contracts';
import type { Templates } from './templates';

export type LicenseTemplate =
  'admin-license-digest' | 'pharmacist-license-accepted' | 'pharmacist-license-rejected';

/** Why an administrator refused a licence, as the NGO reads it. */
const reasons: Record<Language, Record<PharmacistLicenseRejectionReason, string>> = {
  en: {
    notRegistered: 'the Pharmacists Syndicate has no pharmacist registered with this number',
    notThisOrganization: 'the pharmacist with this number does not work for your organisation',
    notPracticing: 'the licence with this number is suspended, expired or not for practice',
  },
  ar: {
    notRegistered: 'نقابة الصيادلة مفيهاش صيدلي متسجل بالرقم ده',
    notThisOrganization: 'الصيدلي صاحب الرقم ده مش شغال مع جمعيتكم',
    notPracticing: 'الترخيص بالرقم ده موقوف أو منتهي أو مش ترخيص مزاولة',
  },
};

/** The pharmacist's licence an NGO adds after its review: the administrators' digest and the NGO's answer. */
export const licenseTemplates: Record<Language, Pick<Templates, LicenseTemplate>> = {
  en: {
    'admin-license-digest': {
      subject: (d) => `Pharmacist's licences waiting for review: ${d.count} – ${d.systemName}`,
      body: (d) => [
        'Hello,',
        "These NGOs added their pharmacist's licence number after their account was approved. They receive no donor's medicine until an administrator accepts it:",
        ...d.items.map((i) => `• ${i.organizationName} – ${i.name} (${i.email}): licence ${i.license}`),
        `Review them: ${d.reviewUrl}`,
      ],
    },
    'pharmacist-license-accepted': {
      subject: (d) => `Your pharmacist's licence is accepted – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `An administrator accepted your pharmacist's licence number ${d.license}. Your organisation can now request donors' medicines, received by your pharmacist.`,
        `Browse: ${d.browseUrl}`,
      ],
    },
    'pharmacist-license-rejected': {
      subject: (d) => `Your pharmacist's licence number was not accepted – ${d.systemName}`,
      body: (d) => [
        `Hello ${d.name},`,
        `An administrator could not accept the pharmacist's licence number ${d.license}: ${reasons.en[d.licenseReason]}.`,
        `The number was removed from your account. Until a licence is accepted, your organisation receives pharmacies' stock but no donor's medicine. Enter the right number in Settings for review: ${d.settingsUrl}`,
        `Questions? Write to ${d.adminEmail}.`,
      ],
    },
  },
  ar: {
    'admin-license-digest': {
      subject: (d) => `أرقام ترخيص صيادلة مستنية المراجعة: ${d.count} – ${d.systemName}`,
      body: (d) => [
        'أهلاً،',
        'الجمعيات دي ضافت رقم ترخيص الصيدلي بعد ما حسابها اتوافق عليه، ومش هيوصلها أي دوا من متبرعين لحد ما أدمن يقبله:',
        ...d.items.map(
          (i) =>
            `• \u2068${i.organizationName}\u2069 – \u2068${i.name}\u2069 (${i.email}): الترخيص ${i.license}`,
        ),
        `راجعهم: ${d.reviewUrl}`,
      ],
    },
    'pharmacist-license-accepted': {
      subject: (d) => `رقم ترخيص الصيدلي اتقبل – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `الإدارة قبلت رقم ترخيص الصيدلي ${d.license}. جمعيتكم تقدر دلوقتي تطلب أدوية المتبرعين، والصيدلي بتاعكم هو اللي يستلمها.`,
        `تصفّح الأدوية: ${d.browseUrl}`,
      ],
    },
    'pharmacist-license-rejected': {
      subject: (d) => `رقم ترخيص الصيدلي متقبلش – ${d.systemName}`,
      body: (d) => [
        `أهلاً ${d.name}،`,
        `الإدارة مقدرتش تقبل رقم ترخيص الصيدلي ${d.license}: ${reasons.ar[d.licenseReason]}.`,
        `الرقم اتشال من حسابكم. لحد ما ترخيص يتقبل، جمعيتكم بتستلم أدوية الصيدليات بس ومش هيوصلها دوا من متبرعين. اكتبوا الرقم الصح في الإعدادات عشان يتراجع: ${d.settingsUrl}`,
        `عندكم سؤال؟ ابعتوا على ${d.adminEmail}.`,
      ],
    },
  },
};
