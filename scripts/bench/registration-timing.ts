// Does the time a registration takes tell whether its address already has an account? Pairs of
// registrations through the gateway, one with a new address and one with the address of an
// account registered beforehand (each once: an attacker probes many addresses, and the owner's
// e-mail is rationed per hour), in alternating order, one at a time and `paceMs` apart (the work a
// registration leaves for identity's worker is done before the next is timed); medians and spread.
import { request } from 'undici';

export interface RegistrationTiming {
  pairs: number;
  paceMs: number;
  /** Milliseconds from sending to the whole answer, by kind: median, 10th and 90th percentiles. */
  newAddress: { p10ms: number; p50ms: number; p90ms: number };
  existingAccount: { p10ms: number; p50ms: number; p90ms: number };
  /** Median of (existing − new) over the pairs: the leak, should it be there (negative: faster). */
  pairedDifferenceMs: number;
  /** Statuses other than 201 (none expected). */
  errors: number;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p10ms: round(percentile(sorted, 10)),
    p50ms: round(percentile(sorted, 50)),
    p90ms: round(percentile(sorted, 90)),
  };
}

/** A donor's registration, as the form sends it (donors need no licence, so none is held). */
const registration = (email: string) =>
  JSON.stringify({
    name: 'Bench Donor',
    email,
    phone: '01012345678',
    password: 'Kite-Harbour-7315',
    userType: 'donor',
    acceptTerms: true,
  });

async function register(gatewayUrl: string, email: string): Promise<{ ms: number; status: number }> {
  const t0 = performance.now();
  const res = await request(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: registration(email),
  });
  await res.body.dump();
  return { ms: performance.now() - t0, status: res.statusCode };
}

/**
 * `pairs` registrations of each kind after `pairs` accounts are made (and a few warm-up calls).
 * The run's label keeps its addresses apart from another run's on the same platform.
 */
export async function timeRegistrations(
  gatewayUrl: string,
  pairs: number,
  paceMs = 50,
): Promise<RegistrationTiming> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const address = (kind: string, i: number) => `bench-${run}-${kind}-${i}@example.com`;
  let errors = 0;
  const check = (status: number) => {
    if (status !== 201) errors++;
  };
  for (let i = 0; i < pairs; i++) check((await register(gatewayUrl, address('existing', i))).status);
  for (let i = 0; i < 10; i++) check((await register(gatewayUrl, address('warm', i))).status);
  // Their follow-ups and e-mails are done before anything is timed.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const fresh: number[] = [];
  const taken: number[] = [];
  const differences: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? (['new', 'existing'] as const) : (['existing', 'new'] as const);
    const times: Record<string, number> = {};
    for (const kind of order) {
      await new Promise((resolve) => setTimeout(resolve, paceMs));
      const { ms, status } = await register(gatewayUrl, address(kind, i));
      check(status);
      times[kind] = ms;
    }
    fresh.push(times.new!);
    taken.push(times.existing!);
    differences.push(times.existing! - times.new!);
  }
  return {
    pairs,
    paceMs,
    newAddress: spread(fresh),
    existingAccount: spread(taken),
    pairedDifferenceMs: spread(differences).p50ms,
    errors,
  };
}
