/** The admin area's texts for transactions (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  transactions: {
    title: 'Transactions',
    subtitle: 'Every request between pharmacies, NGOs and donors',
    status: 'Status',
    all: 'All',
    stats: {
      total: 'Total',
      totalHint: 'Every request: the figures beside it add up to it',
      pending: 'Pending',
      approved: 'Approved',
      completed: 'Completed',
      disputed: 'Collection disputed',
      rejected: 'Rejected',
      calledOff: 'Pickup called off',
      cancelled: 'Cancelled',
    },
    // The medicine's way, said in words (an arrow from the requester read as the requester giving
    // it); each name isolated, so two names in the other script do not run together.
    line: 'From \u2068{{provider}}\u2069 to \u2068{{requester}}\u2069',
    quantity: 'Qty {{count}}',
    pickup: 'Pickup: {{location}}, {{date}}',
    empty: 'No transactions match this filter',
    loadFailed: 'Could not load the transactions',
    unknown: 'Unknown',
  },
};

const ar: typeof en = {
  transactions: {
    title: 'المعاملات',
    subtitle: 'كل الطلبات بين الصيدليات والجمعيات والمتبرعين',
    status: 'الحالة',
    all: 'الكل',
    stats: {
      total: 'الإجمالي',
      totalHint: 'كل الطلبات: مجموع الأرقام اللي جنبه',
      pending: 'مستني الرد',
      approved: 'مقبول',
      completed: 'اتسلّم',
      disputed: 'تسليم عليه اعتراض',
      rejected: 'مرفوض',
      calledOff: 'استلام اتلغى',
      cancelled: 'ملغي',
    },
    line: 'من \u2068{{provider}}\u2069 لـ \u2068{{requester}}\u2069',
    quantity: 'الكمية {{count}}',
    pickup: 'الاستلام: \u2068{{location}}\u2069، {{date}}',
    empty: 'مفيش معاملات بالفلتر ده',
    loadFailed: 'مقدرناش نحمّل المعاملات',
    unknown: 'غير معروف',
  },
};

export const transactionsTexts = { en, ar };
