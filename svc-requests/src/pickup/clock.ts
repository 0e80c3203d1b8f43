/**
 * The time the pickup scheduler reads (reminder delays, missed windows, the grace period).
 * Production uses the system clock; tests move a movable one instead of sleeping, and the e2e
 * moves it through the test-only hook (TEST_CLOCK=on, refused with NODE_ENV=production).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface MovableClock extends Clock {
  /** Jumps to an instant (never backwards of real time's meaning: the tests only move forward). */
  set(instant: Date): void;
  advance(ms: number): void;
}

/** A clock running with real time from an offset the test sets. */
export function movableClock(): MovableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set(instant) {
      offset = instant.getTime() - Date.now();
    },
    advance(ms) {
      offset += ms;
    },
  };
}
