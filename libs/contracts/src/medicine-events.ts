import { z } from 'zod';
import { copiedMedicineFields, medicineSchema } from './medicines';

/**
 * Integration events svc-catalog publishes about medicines (outbox → `events.requests.medicines`).
 * `medicine.changed` carries a full snapshot with a version that increases on every change;
 * `medicine.expiry-alert` asks for a notification to the owner (one per medicine and threshold).
 * The expiry scan publishes the same facts in bulk (`medicines.unlisted`, `medicine.expiry-alerts`),
 * so a run touching 100,000 listings is a few dozen queue jobs and set-based writes, not 100,000
 * of each. `medicines.changed` (full snapshots in bulk) is what it published before, still applied.
 */
export const medicineSnapshotSchema = medicineSchema
  .pick({ ...copiedMedicineFields, source: true, createdAt: true })
  .extend({
    ownerId: z.number().int(),
    // Any text, not the dosage-form keys: events queued before those keys still apply.
    type: z.string(),
    version: z.number().int(),
    // The pack code; optional so events written before it still parse.
    gtin: z.string().nullable().optional(),
    batch: z.string().nullable().optional(),
    serial: z.string().nullable().optional(),
    // Quarantined by a recall; events written before recalls carry none.
    quarantined: z.boolean().optional(),
    // Guardrail categories (cold chain…); events written before they were copied carry none.
    categories: medicineSchema.shape.categories.optional(),
    // The listing's own pickup place, when it is not collected at its owner's point.
    ownPickup: z
      .object({ area: z.string(), governorate: z.string(), lat: z.number(), lng: z.number() })
      .nullable()
      .optional(),
  });
export type MedicineSnapshot = z.infer<typeof medicineSnapshotSchema>;

export const medicineChangedEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.literal('medicine.changed'),
  occurredAt: z.string(),
  medicine: medicineSnapshotSchema,
});
export type MedicineChangedEvent = z.infer<typeof medicineChangedEventSchema>;

export const expiryAlertEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.literal('medicine.expiry-alert'),
  occurredAt: z.string(),
  ownerId: z.number().int(),
  medicineId: z.number().int(),
  medicineName: z.string(),
  /** The threshold crossed: 30, 7 or 1 days. */
  threshold: z.number().int(),
  daysLeft: z.number().int(),
  expiryDate: z.string(),
});
export type ExpiryAlertEvent = z.infer<typeof expiryAlertEventSchema>;

/** Most entries one bulk event carries (a queue job of a few hundred KB at most). */
export const medicineEventBatchSize = 500;

export const medicinesChangedEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.literal('medicines.changed'),
  occurredAt: z.string(),
  medicines: z.array(medicineSnapshotSchema).min(1).max(medicineEventBatchSize),
});
export type MedicinesChangedEvent = z.infer<typeof medicinesChangedEventSchema>;

/** Most listings one `medicines.unlisted` event names (two numbers each). */
export const unlistedEventBatchSize = 5000;

/**
 * Listings the expiry scan unlisted, each with its version after the change: all the read model
 * needs (it is unavailable now), without the full snapshot `medicines.changed` carried. Building,
 * queueing and parsing 68,000 snapshots took about a third of a 1,000,000-listing scan
 * (docs/expiry-and-recalls.md, "The expiry scan at 1,000,000 listings").
 */
export const medicinesUnlistedEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.literal('medicines.unlisted'),
  occurredAt: z.string(),
  medicines: z
    .array(z.object({ id: z.number().int(), version: z.number().int() }))
    .min(1)
    .max(unlistedEventBatchSize),
});
export type MedicinesUnlistedEvent = z.infer<typeof medicinesUnlistedEventSchema>;

export const expiryAlertSchema = expiryAlertEventSchema.omit({ eventId: true, type: true, occurredAt: true });
export type ExpiryAlert = z.infer<typeof expiryAlertSchema>;

export const expiryAlertsEventSchema = z.object({
  eventId: z.string().uuid(),
  type: z.literal('medicine.expiry-alerts'),
  occurredAt: z.string(),
  alerts: z.array(expiryAlertSchema).min(1).max(medicineEventBatchSize),
});
export type ExpiryAlertsEvent = z.infer<typeof expiryAlertsEventSchema>;

/**
 * A batch recall issued or lifted: the listings it quarantined (or gave back), with
 * their owners, so svc-requests cancels or holds their requests and tells owners and requesters.
 * A recall touching more than `medicineEventBatchSize` listings is sent as several events.
 */
const recallEventFields = {
  eventId: z.string().uuid(),
  occurredAt: z.string(),
  recallId: z.number().int(),
  gtin: z.string(),
  batch: z.string(),
  reason: z.string(),
  listings: z
    .array(
      z.object({
        medicineId: z.number().int(),
        ownerId: z.number().int(),
        name: z.string(),
        /** The units left on the listing as the catalog wrote the event (events written before lack it). */
        quantity: z.number().int().min(0).optional(),
      }),
    )
    .max(medicineEventBatchSize),
};
export const recallIssuedEventSchema = z.object({ ...recallEventFields, type: z.literal('recall.issued') });
export const recallLiftedEventSchema = z.object({
  ...recallEventFields,
  type: z.literal('recall.lifted'),
  /** Listings this lift gave back (not still held by another active recall). */
  restored: z.array(z.number().int()),
});
export type RecallIssuedEvent = z.infer<typeof recallIssuedEventSchema>;
export type RecallLiftedEvent = z.infer<typeof recallLiftedEventSchema>;
export type RecallEvent = RecallIssuedEvent | RecallLiftedEvent;

export const medicineEventSchema = z.discriminatedUnion('type', [
  medicineChangedEventSchema,
  expiryAlertEventSchema,
  medicinesChangedEventSchema,
  medicinesUnlistedEventSchema,
  expiryAlertsEventSchema,
  recallIssuedEventSchema,
  recallLiftedEventSchema,
]);
export type MedicineEvent = z.infer<typeof medicineEventSchema>;

/** The queue svc-requests consumes medicine events from. */
export const medicineEventQueue = 'events.requests.medicines';
