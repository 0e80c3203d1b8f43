/**
 * The time the pickup scheduler reads (reminder delays, missed windows, the grace period).
 * Production uses the system clock; tests move a movable one instead of sleeping, and the e2e
 * moves it through the test-only hook (TEST_CLOCK=on, refused with NODE_ENV=production).
 */
export { movableClock, systemClock, type Clock, type MovableClock } from '@medrelay/service-kit/clock';
