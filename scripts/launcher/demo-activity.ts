import { addDays, cairoToday } from '@medrelay/domain';
import { demoPassword } from '@medrelay/svc-identity/provisioning';

const day = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * day).toISOString();

/** Calls the running platform through the gateway, as the browser would. */
async function call(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(payload)}`);
  return payload as Record<string, unknown> & { id: number; token: string };
}

/**
 * A few listings, donations and requests in each state, so a new user does not find an empty
 * platform. Made through the public API with the demo accounts; skipped when the demo pharmacy
 * already has listings (a second start).
 */
export async function seedDemoActivity(baseUrl: string): Promise<number> {
  const login = async (email: string) =>
    (await call(baseUrl, 'POST', '/api/auth/login', undefined, { email, password: demoPassword })).token;
  const [pharmacy, pharmacy2, ngo, ngo2, donor, donor2] = await Promise.all(
    [
      'pharmacy@medrelay.eg',
      'pharmacy2@medrelay.eg',
      'ngo@medrelay.eg',
      'ngo2@medrelay.eg',
      'donor@medrelay.eg',
      'donor2@medrelay.eg',
    ].map(login),
  );
  const existing = (await call(baseUrl, 'GET', '/api/medicines/my', pharmacy)) as unknown as unknown[];
  if (existing.length > 0) return 0;

  let listed = 0;
  const list = (
    token: string,
    name: string,
    type: string,
    quantity: number,
    days: number,
    recipientType: string,
    prices: [number | null, number | null] = [null, null],
    categories: string[] = [],
    pickupArea?: string,
  ) =>
    call(baseUrl, 'POST', '/api/medicines', token, {
      name,
      type,
      description: null,
      quantity,
      originalPrice: prices[0],
      discountPrice: prices[1],
      expiryDate: inDays(days),
      recipientType,
      categories,
      ...(pickupArea ? { pickupArea } : {}),
    }).then((made) => {
      listed += 1;
      return made;
    });
  const panadol = await list(pharmacy, 'Panadol Extra 500mg', 'tablets', 40, 5, 'both', [45, 20]);
  const augmentin = await list(pharmacy, 'Augmentin 1g', 'tablets', 12, 20, 'pharmacies', [160, 95]);
  await list(pharmacy, 'Concor 5mg', 'tablets', 25, 60, 'both', [70, 35]);
  const glucophage = await list(pharmacy2, 'Glucophage 500mg', 'tablets', 30, 12, 'both', [38, 15]);
  await list(pharmacy2, 'Ventolin Inhaler', 'inhaler', 6, 3, 'ngos', [65, null]);
  // Insulin is prescription-only and kept cold: a pharmacy's to list (Law 127/1955), never a donor's.
  await list(
    pharmacy2,
    'Insulin Glargine Pen',
    'injection',
    3,
    9,
    'ngos',
    [null, null],
    ['prescription', 'coldChain'],
  );
  const brufen = await list(donor, 'Brufen 400mg', 'tablets', 10, 45, 'ngos');
  await list(donor, 'Vitamin D3 Drops', 'drops', 4, 25, 'both');
  await list(donor2, 'Otrivin 0.1% Nasal Spray', 'spray', 2, 40, 'ngos');
  // Elsewhere than their owners' points: the Nasr City pharmacy's Tanta branch, and
  // the Alexandria donor's family home in Mansoura.
  await list(pharmacy2, 'Cataflam 50mg', 'tablets', 20, 35, 'both', [48, 24], [], 'tanta');
  await list(donor2, 'Daflon 500mg', 'tablets', 15, 50, 'ngos', [null, null], [], 'mansoura');

  const ask = (token: string, medicineId: number, quantity: number, notes: string) =>
    call(baseUrl, 'POST', '/api/requests', token, { medicineId, quantity, notes });
  const move = (token: string, id: number, body: Record<string, unknown>) =>
    call(baseUrl, 'PUT', `/api/requests/${id}/status`, token, body);

  await ask(ngo, panadol.id, 10, 'For our Sayeda Zeinab clinic');
  const donation = await ask(ngo, brufen.id, 4, 'Pickup request');
  // Approved with two pickup windows for the NGO to choose from (Cairo time).
  await move(donor, donation.id, {
    status: 'approved',
    pickup: {
      windows: [
        { date: addDays(cairoToday(), 2), from: '10:00', to: '12:00' },
        { date: addDays(cairoToday(), 3), from: '17:00', to: '19:00' },
      ],
      location: 'Maadi, Road 9, building 14',
    },
  });
  const transfer = await ask(pharmacy2, augmentin.id, 2, 'Inter-pharmacy transfer request for 2 units');
  await move(pharmacy, transfer.id, { status: 'approved' });
  await move(pharmacy2, transfer.id, { status: 'completed' });
  const rejected = await ask(ngo2, glucophage.id, 5, 'For elderly patients in Shubra');
  await move(pharmacy2, rejected.id, { status: 'rejected' });
  return listed;
}
