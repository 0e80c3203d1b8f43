/**
 * The time a service's rules read where a test must move it instead of sleeping (pickup
 * reminders, sign-in links that lapse). Production uses the system clock.
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
