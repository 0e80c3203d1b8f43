import type { Language } from '@medrelay/contracts';
import { dosageFormLabels, dosageForms, type DosageForm } from '@medrelay/domain/dosage-forms';
import type { ArabicPlurals } from '../plurals';

/** `dosageForm.<key>` in one language, from the labels libs/domain keeps (browse search uses them too). */
function dosageFormTexts(language: Language): Record<DosageForm, string> {
  return Object.fromEntries(dosageForms.map((key) => [key, dosageFormLabels[key][language]])) as Record<
    DosageForm,
    string
  >;
}

/** Shared texts (namespace `common`) of listings: days left, the listing, recipients, sources and dosage forms. */
const en = {
  daysLeft: {
    expired: 'Expired',
    today: 'Today',
    tomorrow: 'Tomorrow',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
  },
  medicine: {
    name: 'Medicine Name',
    type: 'Type',
    typePlaceholder: 'Choose a type',
    description: 'Description',
    quantity: 'Quantity',
    /** Prices are per unit: requests multiply them by the units asked for. */
    originalPrice: 'Original price per unit (EGP)',
    discountPrice: 'Discount price per unit (EGP)',
    priceHint: 'The price of one unit, not of the whole lot. Leave empty or 0 if unknown',
    discountPriceHint:
      'What a buyer pays for one unit. Leave empty or 0 to give it away free, even with an original price',
    expiryDate: 'Expiry Date',
    recipientType: 'Available to',
    photo: 'Photo (optional)',
    photoHint: 'JPEG, PNG or WebP, up to {{max}} MB',
    choosePhoto: 'Choose photo',
    noPhoto: 'No photo chosen',
    expires: 'Expires {{date}}',
    units_one: '{{count}} unit',
    units_other: '{{count}} units',
    /** Units approved requests took from the quantity (reservedQuantity): awaiting pickup or collected. */
    promised_one: '{{count}} unit given to an approved request',
    promised_other: '{{count}} units given to approved requests',
    quantityPromisedHint_one:
      '{{count}} unit already went to an approved request (collected or awaiting pickup) and is not counted here: the quantity is what you still offer beyond it.',
    quantityPromisedHint_other:
      '{{count}} units already went to approved requests (collected or awaiting pickup) and are not counted here: the quantity is what you still offer beyond them.',
    free: 'Free',
    originalPriceWas: 'Original price {{price}}',
    available: 'Available',
    unavailable: 'Unavailable',
    allPromised: 'All given out',
    imageAlt: 'Photo of {{name}}',
    offeredBy: 'By \u2068{{name}}\u2069',
    whoMayRequest: 'Who may request: {{recipients}}',
    gtin: 'Product code (GTIN)',
    batch: 'Batch',
    serial: 'Serial number',
    packCodeHint: 'Filled by scanning the pack; optional when typing by hand',
    packCodeGtin: 'GTIN {{gtin}}',
    packCodeBatch: 'Batch {{batch}}',
    quarantined: 'Recalled — quarantined',
    quarantineReason: 'Recall: {{reason}}. Hidden from browsing and requests until the recall is lifted.',
    packCodeSerial: 'Serial {{serial}}',
  },
  recipients: { ngos: 'NGOs only', pharmacies: 'Pharmacies only', both: 'NGOs and pharmacies' },
  recipientBadge: { ngos: 'NGOs', pharmacies: 'Pharmacies' },
  source: { pharmacy: 'Pharmacy', donor: 'Donor' },
  /** An owner's own listing: edit it, or take it off offer. */
  listing: {
    edit: 'Edit',
    editTitle: 'Edit {{name}}',
    save: 'Save Changes',
    unlist: 'Unlist',
    unlistTitle: 'Unlist {{name}}?',
    unlistBody:
      'It will no longer be offered, and its pending requests are declined. Approved ones stay as they are.',
  },
  dosageForm: dosageFormTexts('en'),
};

const ar: typeof en & {
  daysLeft: ArabicPlurals<'days'>;
  medicine: ArabicPlurals<'units' | 'promised' | 'quantityPromisedHint'>;
} = {
  daysLeft: {
    expired: 'منتهي',
    today: 'النهارده',
    tomorrow: 'بكرة',
    days_zero: '{{count}} يوم',
    days_one: 'يوم واحد',
    days_two: 'يومين',
    days_few: '{{count}} أيام',
    days_many: '{{count}} يوم',
    days_other: '{{count}} يوم',
  },
  medicine: {
    name: 'اسم الدواء',
    type: 'النوع',
    typePlaceholder: 'اختار النوع',
    description: 'الوصف',
    quantity: 'الكمية',
    originalPrice: 'السعر الأصلي للوحدة (جنيه)',
    discountPrice: 'السعر بعد الخصم للوحدة (جنيه)',
    priceHint: 'سعر الوحدة الواحدة، مش الكمية كلها. سيبه فاضي أو 0 لو مش معروف',
    discountPriceHint:
      'اللي المشتري هيدفعه في الوحدة الواحدة. لو سبته فاضي أو 0 الدوا هيتعرض مجاناً، حتى لو كاتب السعر الأصلي',
    expiryDate: 'تاريخ انتهاء الصلاحية',
    recipientType: 'متاح لـ',
    photo: 'صورة (اختياري)',
    photoHint: 'JPEG أو PNG أو WebP، لحد {{max}} ميجا',
    choosePhoto: 'اختار صورة',
    noPhoto: 'مفيش صورة متختارة',
    expires: 'بتنتهي {{date}}',
    units_zero: '{{count}} وحدة',
    units_one: 'وحدة واحدة',
    units_two: 'وحدتين',
    units_few: '{{count}} وحدات',
    units_many: '{{count}} وحدة',
    units_other: '{{count}} وحدة',
    promised_zero: '{{count}} وحدة راحت لطلبات اتوافق عليها',
    promised_one: 'وحدة واحدة راحت لطلب اتوافق عليه',
    promised_two: 'وحدتين راحوا لطلبات اتوافق عليها',
    promised_few: '{{count}} وحدات راحت لطلبات اتوافق عليها',
    promised_many: '{{count}} وحدة راحت لطلبات اتوافق عليها',
    promised_other: '{{count}} وحدة راحت لطلبات اتوافق عليها',
    quantityPromisedHint_zero:
      '{{count}} وحدة راحت لطلبات اتوافق عليها (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنها.',
    quantityPromisedHint_one:
      'وحدة واحدة راحت لطلب اتوافق عليه (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنها.',
    quantityPromisedHint_two:
      'وحدتين راحوا لطلبات اتوافق عليها (اتسلّموا أو مستنيين الاستلام) ومش محسوبين هنا: الكمية هي اللي لسه بتعرضه زيادة عنهم.',
    quantityPromisedHint_few:
      '{{count}} وحدات راحت لطلبات اتوافق عليها (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنهم.',
    quantityPromisedHint_many:
      '{{count}} وحدة راحت لطلبات اتوافق عليها (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنها.',
    quantityPromisedHint_other:
      '{{count}} وحدة راحت لطلبات اتوافق عليها (اتسلّمت أو مستنية الاستلام) ومش محسوبة هنا: الكمية هي اللي لسه بتعرضه زيادة عنها.',
    free: 'مجاناً',
    originalPriceWas: 'السعر الأصلي {{price}}',
    available: 'متاح',
    unavailable: 'مش متاح',
    allPromised: 'اتوزّع كله',
    imageAlt: 'صورة {{name}}',
    offeredBy: 'من \u2068{{name}}\u2069',
    whoMayRequest: 'مين يقدر يطلب: {{recipients}}',
    gtin: 'كود المنتج (GTIN)',
    batch: 'رقم التشغيلة',
    serial: 'الرقم التسلسلي',
    packCodeHint: 'بيتملوا لما تمسح العلبة؛ اختياري لو بتكتب بإيدك',
    packCodeGtin: 'GTIN {{gtin}}',
    packCodeBatch: 'تشغيلة {{batch}}',
    quarantined: 'مسحوب — متحفّظ عليه',
    quarantineReason: 'سبب السحب: {{reason}}. مش هيظهر في التصفح ولا ينفع يتطلب لحد ما السحب يترفع.',
    packCodeSerial: 'مسلسل {{serial}}',
  },
  recipients: { ngos: 'الجمعيات بس', pharmacies: 'الصيدليات بس', both: 'الجمعيات والصيدليات' },
  recipientBadge: { ngos: 'جمعيات', pharmacies: 'صيدليات' },
  source: { pharmacy: 'صيدلية', donor: 'متبرع' },
  listing: {
    edit: 'تعديل',
    editTitle: 'تعديل {{name}}',
    save: 'احفظ التعديلات',
    unlist: 'إلغاء العرض',
    unlistTitle: 'تلغي عرض {{name}}؟',
    unlistBody:
      'مش هيبقى معروض تاني، والطلبات اللي مستنية الرد هتترفض. الطلبات اللي اتوافق عليها هتفضل زي ما هي.',
  },
  dosageForm: dosageFormTexts('ar'),
};

export const medicineTexts = { en, ar };
