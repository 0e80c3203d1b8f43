// Browse near me at national scale: NGOs all over Egypt (by population) ask for
// what is nearest to them, half with a search term, half within 25 km, while a pharmacy edits its
// listings 5 times a second; the first 10 s from cold lists, then 10 s more.
import type { BenchOptions } from './options';
import { browseOpenLoop, listingWrites, type OpenLoopScenario } from './browse';
import { weightedPoints } from './places';
import type { Platform } from './platform';
import { closedLoop, type ClosedLoopResult } from './closed-loop';
import { browserHeaders, prng } from './scenarios';

/** Distinct NGOs asking (each at its own point; a point asks several pages and searches). */
export const nearCallers = 2000;

// prettier-ignore
const terms = ['panadol', 'aug', 'insulin', 'vitamin', 'con', 'brufen', 'بانادول', 'كونكور', 'syrup', 'xyzzy'];

/**
 * `count` nearest-first browse paths (page of 20): a caller's point, a search term in half of
 * them, `radiusKm=25` in half (else all of Egypt), mostly the first pages.
 */
export function nearMix(count: number, seed = 26): string[] {
  const r = prng(seed);
  const callers = weightedPoints(nearCallers, seed + 1);
  return Array.from({ length: count }, () => {
    const at = callers[Math.floor(r() * callers.length)]!;
    const params = new URLSearchParams({
      pageSize: '20',
      sort: 'distance',
      lat: String(at.lat),
      lng: String(at.lng),
    });
    if (r() < 0.5) params.set('q', terms[Math.floor(r() * terms.length)]!);
    if (r() < 0.5) params.set('radiusKm', '25');
    const band = r();
    params.set('page', String(band < 0.7 ? 1 : band < 0.9 ? 2 : 3 + Math.floor(r() * 3)));
    return `/api/medicines?${params}`;
  });
}

/**
 * The near-me mix as fast as 16 connections through the gateway get answers, for `seconds`: the
 * platform's capacity for it (the caller runs the listing writes alongside).
 */
export function nearMeClosedLoop(p: Platform, ngoToken: string, seconds: number): Promise<ClosedLoopResult> {
  const mix = nearMix(20_000, 27);
  const headers = { ...browserHeaders, authorization: `Bearer ${ngoToken}` };
  return closedLoop(
    'nearest-first browse (half searched, half within 25 km) through the gateway, closed loop, with 5 listing writes a second',
    (i) => ({ url: `${p.urls.gateway}${mix[i % mix.length]}`, headers }),
    { connections: 16, seconds },
  );
}

/** Listing writes a second during the near-me run. */
export const nearWritesPerSecond = 5;

/**
 * Nearest-first browse at `options.rate` through the gateway for 20 s with writes going on: the
 * first 10 s (no warm-up: every list cold) and the next 10 s reported apart.
 */
export async function nearMeOpenLoop(
  options: Pick<BenchOptions, 'rate' | 'maxInFlight'>,
  p: Platform,
  ngoToken: string,
  writer: { token: string; listingIds: readonly number[] },
): Promise<{ first: OpenLoopScenario; after: OpenLoopScenario; writes: { made: number; failed: number } }> {
  const writes = listingWrites(p, writer.token, writer.listingIds, nearWritesPerSecond);
  try {
    const run = await browseOpenLoop({ ...options, warmSeconds: 10, openSeconds: 10 }, p, ngoToken, {
      name: 'nearest-first browse (half searched, half within 25 km)',
      paths: (n) => nearMix(n),
    });
    return { first: run.warmUp!, after: run.measured, writes: await writes.stop() };
  } catch (err) {
    await writes.stop();
    throw err;
  }
}
