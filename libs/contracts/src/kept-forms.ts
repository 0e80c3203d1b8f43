/**
 * How long the service worker keeps a form sent offline before giving up on it (docs/offline.md).
 * The services keep each answer to an `Idempotency-Key` longer (service-kit idempotency.ts), so a
 * form resent on its last day, whose first attempt did reach the server, is answered, not made
 * twice.
 */
export const keptFormDays = 7;
