import type { Medicine } from '@medrelay/contracts';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

/** A pharmacy listing as the catalog returns it (component tests only). */
export function medicineFixture(overrides: Partial<Medicine> = {}): Medicine {
  return {
    id: 7,
    pharmacyId: 1,
    donorId: null,
    source: 'pharmacy',
    name: 'Concor 5mg',
    type: 'Tablets',
    description: null,
    quantity: 12,
    reservedQuantity: 0,
    originalPrice: '50.00',
    discountPrice: '35.00',
    expiryDate: inDays(30),
    recipientType: 'both',
    imageUrl: null,
    thumbnailUrl: null,
    isAvailable: true,
    createdAt: inDays(-3),
    updatedAt: inDays(-3),
    pharmacy: {
      address: '15 Mesaha Square, Dokki',
      user: { name: 'Dokki Pharmacy', email: 'p@example.com' },
    },
    donor: null,
    ...overrides,
  };
}
