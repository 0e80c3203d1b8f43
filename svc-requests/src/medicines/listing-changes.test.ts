import type { MedicineSnapshot } from '@medrelay/contracts';
import { describe, expect, it } from 'vitest';
import { listingChanges } from './listing-changes';
import type { ListingAsHeld } from './repo';

const held: ListingAsHeld = {
  name: 'Mixtard 30',
  type: 'injection',
  categories: ['prescription'],
  gtin: '06221234567890',
  batch: 'L1',
  serial: null,
  expiryDate: new Date('2031-05-01T12:00:00Z'),
};
const snapshot = (changes: Partial<MedicineSnapshot> = {}): MedicineSnapshot => ({
  id: 1,
  ownerId: 2,
  source: 'pharmacy',
  name: held.name,
  type: held.type,
  description: null,
  quantity: 3,
  originalPrice: null,
  discountPrice: null,
  expiryDate: held.expiryDate.toISOString(),
  recipientType: 'ngos',
  imageUrl: null,
  isAvailable: true,
  createdAt: '2030-01-01T00:00:00.000Z',
  version: 2,
  gtin: held.gtin,
  batch: held.batch,
  serial: null,
  categories: ['prescription'],
  ...changes,
});

describe('what an edit after the approval changed', () => {
  it('names a new name, type or category, the cool box first, and the pack last', () => {
    expect(listingChanges(held, snapshot())).toEqual([]);
    expect(listingChanges(held, snapshot({ description: 'Dented box', quantity: 1 }))).toEqual([]);
    expect(
      listingChanges(
        held,
        snapshot({ name: 'Mixtard', categories: ['controlled', 'coldChain'], batch: 'L2' }),
      ),
    ).toEqual(['renamed', 'coldChainAdded', 'prescriptionRemoved', 'controlledAdded', 'pack']);
    expect(listingChanges(held, snapshot({ type: 'drops' }))).toEqual(['type']);
    expect(listingChanges(held, snapshot({ expiryDate: '2031-06-01T12:00:00.000Z' }))).toEqual(['pack']);
  });

  it('claims no category change while either side does not know them (rows and events from before)', () => {
    expect(listingChanges({ ...held, categories: null }, snapshot({ categories: ['coldChain'] }))).toEqual(
      [],
    );
    expect(listingChanges(held, snapshot({ categories: undefined }))).toEqual([]);
  });
});
