import type { AdminUser, Medicine, MedicineRequest } from '@medrelay/contracts';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

/** A pharmacy listing as the catalog returns it (component tests only). */
export function medicineFixture(overrides: Partial<Medicine> = {}): Medicine {
  return {
    id: 7,
    pharmacyId: 1,
    donorId: null,
    source: 'pharmacy',
    name: 'Concor 5mg',
    type: 'tablets',
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
    gtin: null,
    batch: null,
    serial: null,
    quarantined: false,
    quarantineReason: null,
    categories: [],
    createdAt: inDays(-3),
    updatedAt: inDays(-3),
    pharmacy: { user: { name: 'Dokki Pharmacy' } },
    donor: null,
    pickupPlace: { area: 'dokki', governorate: 'giza' },
    ...overrides,
  };
}

/** A request as svc-requests returns it to a party (component tests only): approved, NGO → pharmacy. */
export function requestFixture(overrides: Partial<MedicineRequest> = {}): MedicineRequest {
  const medicine = medicineFixture();
  return {
    id: 42,
    medicineId: medicine.id,
    requesterId: 2,
    providerId: 1,
    status: 'approved',
    quantity: 3,
    notes: null,
    pickupLocation: null,
    pickupDate: null,
    unitPrice: '35.00',
    originalUnitPrice: '50.00',
    createdAt: inDays(-1),
    updatedAt: inDays(-1),
    direction: 'outgoing',
    medicine: { ...medicine, pharmacyId: 1, donorId: null },
    requester: { id: 2, name: 'Mona Adel', userType: 'ngo' },
    provider: { id: 1, name: 'Dokki Pharmacy', userType: 'pharmacy' },
    contact: {
      userId: 1,
      userType: 'pharmacy',
      name: 'Dokki Pharmacy',
      organizationName: 'Dokki Pharmacy',
      phone: '+201001234567',
    },
    recallHold: null,
    closedReason: null,
    recallQuarantine: null,
    handover: null,
    ...overrides,
  };
}

/** An account as the administrators' lists return it, approved, with a confirmed address. */
export function userFixture(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `u${id}@example.com`,
    name: `User ${id}`,
    phone: '+201001234567',
    userType: 'pharmacy',
    status: 'approved',
    language: 'en',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    profile: null,
    emailVerified: true,
    pendingEmail: null,
    twoFactorEnabled: false,
    ...overrides,
  };
}
