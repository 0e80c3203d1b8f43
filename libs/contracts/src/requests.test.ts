import { describe, expect, it } from 'vitest';
import { requestCreateFormSchema, requestStatusUpdateSchema, requiredPickupDetailsSchema } from './requests';

const rules = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);
const day = 24 * 3600 * 1000;

describe('request forms (spec §5)', () => {
  it('asks for 1 up to the available quantity', () => {
    const schema = requestCreateFormSchema(5);
    expect(rules(schema.safeParse({ medicineId: 1, quantity: 5 }))).toEqual([]);
    expect(rules(schema.safeParse({ medicineId: 1, quantity: 6 }))).toEqual(['insufficientQuantity']);
    expect(rules(schema.safeParse({ medicineId: 1, quantity: 0 }))).toEqual(['quantityMin']);
    expect(rules(schema.safeParse({ medicineId: 1, quantity: 1.5 }))).toEqual(['quantityMin']);
    expect(rules(schema.safeParse({ medicineId: 1, quantity: Number('') }))).toEqual(['quantityMin']);
  });

  it('refuses pickup days already past, in the dialog and in the API body alike', () => {
    const yesterday = new Date(Date.now() - day).toISOString();
    const tomorrow = new Date(Date.now() + day).toISOString();
    expect(rules(requestStatusUpdateSchema.safeParse({ status: 'approved', pickupDate: yesterday }))).toEqual(
      ['pickupDatePast'],
    );
    expect(
      rules(requiredPickupDetailsSchema.safeParse({ pickupLocation: 'Gate', pickupDate: yesterday })),
    ).toEqual(['pickupDatePast']);
    expect(requiredPickupDetailsSchema.parse({ pickupLocation: ' Gate ', pickupDate: tomorrow })).toEqual({
      pickupLocation: 'Gate',
      pickupDate: tomorrow,
    });
    expect(rules(requiredPickupDetailsSchema.safeParse({ pickupLocation: '', pickupDate: '' }))).toEqual([
      'pickupLocationRequired',
      'pickupDateRequired',
    ]);
  });
});

describe('pickup dates that do not exist', () => {
  it('are refused rather than moved to the next month', () => {
    expect(
      rules(
        requiredPickupDetailsSchema.safeParse({ pickupLocation: 'Gate', pickupDate: '2031-02-30T10:00' }),
      ),
    ).toEqual(['pickupDateRequired']);
  });
});
