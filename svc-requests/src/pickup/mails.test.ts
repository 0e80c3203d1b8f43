import { defaultSettings } from '@medrelay/contracts';
import type { MailSecrets, ReadModelUser } from '@medrelay/service-kit';
import { describe, expect, it } from 'vitest';
import { approvalMail, pickupChangedMail, pickupConfirmedMail, type PickupMailRequest } from './mails';

const user = (id: number, name: string): ReadModelUser =>
  ({ id, name, email: `${id}@x`, phone: null, user_type: 'ngo', language: 'ar' }) as ReadModelUser;
const secrets = { seal: () => 'sealed' } as unknown as MailSecrets;
const request = (unit_price: string | null): PickupMailRequest => ({
  id: 9,
  quantity: 3,
  pickup_location: null,
  unit_price,
});
const window = {
  id: 1,
  starts_at: new Date('2030-01-01T08:00:00Z'),
  ends_at: new Date('2030-01-01T10:00:00Z'),
};

const approved = (r: PickupMailRequest) =>
  approvalMail({
    request: r,
    windows: [],
    medicine: { name: 'Concor 5mg', source: 'pharmacy' },
    requester: user(2, 'Mona'),
    provider: user(1, 'Nile Pharmacy'),
    approverName: 'Nile Pharmacy',
    handoverCode: null,
    settings: defaultSettings,
    publicUrl: 'http://x',
    secrets,
  }).data as Record<string, unknown>;
const confirmed = (r: PickupMailRequest) =>
  pickupConfirmedMail({
    request: r,
    chosen: window,
    settlement: 1,
    medicineName: 'Concor 5mg',
    reader: user(1, 'Nile Pharmacy'),
    other: user(2, 'Mona'),
    handoverCode: null,
    settings: defaultSettings,
    publicUrl: 'http://x',
    secrets,
  }).data as Record<string, unknown>;

describe('the approval and pickup e-mails carry the price agreed on approval', () => {
  for (const [name, data] of [
    ['request-approved', approved],
    ['pickup-confirmed', confirmed],
  ] as const) {
    it(`${name}: the unit price recorded, empty when given free`, () => {
      expect(data(request('12.50')).unitPrice).toBe('12.50');
      expect(data(request(null)).unitPrice).toBe('');
    });
  }
});

describe('the approval e-mail of fewer units than asked', () => {
  it('carries the units asked only when fewer were approved', () => {
    expect(approved({ ...request(null), asked_quantity: 5 }).askedQuantity).toBe('5');
    expect(approved({ ...request(null), asked_quantity: 3 })).not.toHaveProperty('askedQuantity');
    expect(approved({ ...request(null), asked_quantity: null })).not.toHaveProperty('askedQuantity');
  });
});

describe("the pickup e-mails' calendar: only the time agreed, one event per request", () => {
  const later = {
    id: 2,
    starts_at: new Date('2030-01-03T12:00:00Z'),
    ends_at: new Date('2030-01-03T14:00:00Z'),
  };
  const changed = (agreed: typeof window | null) =>
    pickupChangedMail({
      request: request(null),
      windows: [later],
      agreed,
      medicineName: 'Concor 5mg',
      requester: user(2, 'Mona'),
      provider: user(1, 'Nile Pharmacy'),
      sequence: 4,
      settings: defaultSettings,
      publicUrl: 'http://x',
    });

  it('the windows offered go to no calendar (nothing is agreed yet)', () => {
    const offer = approvalMail({
      request: request(null),
      windows: [window, later],
      medicine: { name: 'Concor 5mg', source: 'donor' },
      requester: user(2, 'Mona'),
      provider: user(1, 'Nile Pharmacy'),
      approverName: 'Nile Pharmacy',
      handoverCode: null,
      settings: defaultSettings,
      publicUrl: 'http://x',
      secrets,
    });
    expect(offer.calendar).toBeUndefined();
    expect(changed(null).calendar).toBeUndefined();
    expect(changed(null).data).not.toHaveProperty('agreedBefore');
  });

  it('the agreed time is one confirmed event; new times cancel it under the same uid', () => {
    const agreedMail = pickupConfirmedMail({
      request: request(null),
      chosen: window,
      settlement: 3,
      medicineName: 'Concor 5mg',
      reader: user(2, 'Mona'),
      other: user(1, 'Nile Pharmacy'),
      handoverCode: null,
      settings: defaultSettings,
      publicUrl: 'http://x',
      secrets,
    });
    expect(agreedMail.calendar).toEqual([
      expect.objectContaining({
        uid: 'pickup-9@medrelay.eg',
        start: '2030-01-01T08:00:00.000Z',
        status: 'confirmed',
        sequence: 3,
      }),
    ]);
    expect(changed(window).calendar).toEqual([
      expect.objectContaining({
        uid: 'pickup-9@medrelay.eg',
        start: '2030-01-01T08:00:00.000Z',
        status: 'cancelled',
        sequence: 4,
      }),
    ]);
    expect(changed(window).data).toHaveProperty('agreedBefore');
  });
});
