import { afterEach, beforeEach, describe, vi } from 'vitest';

/**
 * Instants at which a test that depends on "today" runs, instead of the machine's clock: one a
 * minute before and one a minute after Cairo midnight (22:00 UTC in winter), where the Cairo
 * day and the UTC day disagree, and one at midday, where they agree. A test that builds
 * "today" from the UTC day rather than the platform's calendar fails at the first.
 */
export const aroundCairoMidnight: readonly PinnedInstant[] = [
  { label: '23:59 in Cairo (21:59 UTC)', instant: '2026-11-25T21:59:00Z', cairoDay: '2026-11-25' },
  {
    label: '00:01 in Cairo (22:01 UTC, the day before in UTC)',
    instant: '2026-11-25T22:01:00Z',
    cairoDay: '2026-11-26',
  },
  { label: 'midday in Cairo', instant: '2026-11-26T10:00:00Z', cairoDay: '2026-11-26' },
];

export interface PinnedInstant {
  label: string;
  instant: string;
  /** The Cairo calendar day of `instant`, written out so a test need not compute it. */
  cairoDay: string;
}

/** Freezes `Date` (only: timers keep running, so Testing Library's waits work) at an instant. */
export function pinClock(instant: string | Date): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
}

/** Runs `body`'s tests once at each instant of `aroundCairoMidnight`, with the clock pinned there. */
export function describeAroundCairoMidnight(name: string, body: (at: PinnedInstant) => void): void {
  describe.for(aroundCairoMidnight)(`${name}, at $label`, (at) => {
    beforeEach(() => pinClock(at.instant));
    afterEach(() => {
      vi.useRealTimers();
    });
    body(at);
  });
}
