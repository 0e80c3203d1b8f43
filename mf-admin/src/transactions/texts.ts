/** The admin area's texts for transactions (namespace `admin`), in English and Egyptian Arabic. */
const en = {
  transactions: {
    title: 'Transactions',
    subtitle: 'Every request between pharmacies, NGOs and donors',
    status: 'Status',
    all: 'All',
    stats: { total: 'Total', pending: 'Pending', approved: 'Approved', completed: 'Completed' },
    line: '{{requester}} → {{provider}}',
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
    stats: { total: 'الإجمالي', pending: 'في الانتظار', approved: 'مقبول', completed: 'اتسلّم' },
    line: '{{requester}} ← {{provider}}',
    quantity: 'الكمية {{count}}',
    pickup: 'الاستلام: {{location}}، {{date}}',
    empty: 'مفيش معاملات بالفلتر ده',
    loadFailed: 'مقدرناش نحمّل المعاملات',
    unknown: 'غير معروف',
  },
};

export const transactionsTexts = { en, ar };
