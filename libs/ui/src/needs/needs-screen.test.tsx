// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';
import type { Need, NeedMatch } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import '../test-support/pages';
import { NeedsScreen } from './needs-screen';

const need = (id: number, over: Partial<Need> = {}): Need => ({
  id,
  ownerId: 1,
  ownerRole: 'ngo',
  medicine: `Need ${id}`,
  dosageForm: null,
  minQuantity: 1,
  acceptUpTo: null,
  minDaysLeft: 0,
  urgency: 'routine',
  reachKm: 25,
  status: 'open',
  metBy: null,
  requestedQuantity: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

interface Call {
  method: string;
  path: string;
  search: string;
  body?: unknown;
}

/** The needs API as the server answers it, on a list kept in memory (newest first). */
function serveNeeds(
  list: Need[],
  refuse?: (body: Record<string, unknown>) => Response | undefined,
  matches: NeedMatch[] = [],
) {
  tokenStore.set('component-test-token');
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    if (method === 'GET' && url.pathname === '/api/needs/matches') {
      const mine = matches.filter((m) => m.needId === Number(url.searchParams.get('needId')));
      return json(mine, 200, { 'X-Total-Count': String(mine.length) });
    }
    if (method === 'POST' && url.pathname === '/api/requests') return json({ id: 1, ...body }, 201);
    if (method === 'GET') {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      return json(list.slice((page - 1) * size, page * size), 200, { 'X-Total-Count': String(list.length) });
    }
    const refusal = body && refuse?.(body);
    if (refusal) return refusal;
    const id = Number(url.pathname.split('/').pop());
    if (method === 'POST') {
      const created = need(100 + list.length, body);
      list.unshift(created);
      return json(created, 201);
    }
    const at = list.findIndex((n) => n.id === id);
    if (method === 'DELETE') {
      list.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    list[at] = { ...list[at]!, ...body };
    return json(list[at]);
  });
  return calls;
}

const pickup = {
  label: 'Request Pickup',
  notesKind: 'pickup',
  successTitle: 'Request submitted successfully',
} as const;

const dialog = () => within(screen.getByRole('dialog'));
const field = (label: string) => dialog().getByLabelText(label, { exact: false }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
/** The line of a row that holds this text, even across the <bdi> around the type. */
const line = (row: HTMLElement, text: string) =>
  within(row).getByText((_, node) => node?.tagName === 'SPAN' && node.textContent === text);
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('the wanted list screen', () => {
  it('shows its title, the needs a page at a time with their terms, and asks for the next page', async () => {
    const list = Array.from({ length: 25 }, (_, i) => need(25 - i));
    list[0] = need(25, {
      medicine: 'Insulin glargine',
      dosageForm: 'injection',
      minQuantity: 5,
      acceptUpTo: 20,
      minDaysLeft: 30,
      urgency: 'urgent',
    });
    list[1] = need(24, { medicine: 'Panadol', minQuantity: 3, status: 'closed' });
    const calls = serveNeeds(list);
    await renderInRemote(
      <NeedsScreen title="What we need" subtitle="What the NGO looks for" request={pickup} />,
      { role: 'ngo', user: { governorate: 'giza', area: 'dokki' } },
    );
    screen.getByRole('heading', { name: 'What we need' });
    const first = (await screen.findByText('Insulin glargine')).closest(
      '[data-testid="need-row"]',
    ) as HTMLElement;
    within(first).getByText('Urgent');
    line(first, 'Injection · 5 to 20 units');
    within(first).getByText('At least 30 days before expiry');
    within(first).getByText('Matched within 25 km of your pickup point');
    const met = screen.getByText('Panadol').closest('[data-testid="need-row"]') as HTMLElement;
    within(met).getByText('Met');
    line(met, 'Any type · at least 3 units');
    within(met).getByText('Any expiry date not yet passed');
    expect(screen.getAllByTestId('need-row')).toHaveLength(20);
    screen.getByText('Page 1 of 2');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Need 5');
    expect(screen.getAllByTestId('need-row')).toHaveLength(5);
    const listCalls = calls.filter((c) => c.path === '/api/needs/my');
    expect(listCalls.map((c) => `${c.method} ${c.path}${c.search}`)).toEqual([
      'GET /api/needs/my?page=1&pageSize=20',
      'GET /api/needs/my?page=2&pageSize=20',
    ]);
  });

  it('adds a need with the contract rules, sending nothing until they hold', async () => {
    const calls = serveNeeds([]);
    const { toasts } = await renderInRemote(<NeedsScreen title="Wanted" subtitle="x" request={pickup} />);
    await screen.findByText('Nothing on your list yet');
    const add = screen.getByRole('button', { name: 'Add a need' });
    add.focus();
    fireEvent.click(add);
    // What matching does with the name: spelling, not ingredients or translation.
    dialog().getByText(/^As the pack names it\. Matched by spelling/);
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await dialog().findByText('Say which medicine you need');
    type('Medicine', 'Augmentin 1g');
    type('Minimum quantity', '10');
    type('Accept up to', '5');
    type('Minimum days left', '-1');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await dialog().findByText('"Accept up to" must be at least the minimum quantity');
    dialog().getByText('Days left before expiry must be between 0 and 3650');
    expect(writes(calls)).toEqual([]);

    type('Accept up to', '40');
    type('Minimum days left', '60');
    fireEvent.change(dialog().getByRole('combobox', { name: 'Type' }), { target: { value: 'tablets' } });
    fireEvent.click(dialog().getByRole('radio', { name: 'Urgent' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/needs',
        search: '',
        body: {
          medicine: 'Augmentin 1g',
          dosageForm: 'tablets',
          minQuantity: 10,
          acceptUpTo: 40,
          minDaysLeft: 60,
          urgency: 'urgent',
          reachKm: 25,
        },
      },
    ]);
    expect(toasts).toEqual([{ title: 'Need added', description: 'Augmentin 1g' }]);
    // The list is read again and shows the new need.
    await screen.findByText('Augmentin 1g');
    // Focus is back on Add a need, not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(add));
  });

  it('edits a need from its own values, clears a bound and marks it met', async () => {
    const calls = serveNeeds([
      need(7, { medicine: 'Concor 5mg', minQuantity: 2, acceptUpTo: 9, dosageForm: 'tablets' }),
    ]);
    await renderInRemote(<NeedsScreen title="Wanted" subtitle="x" request={pickup} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Concor 5mg' }));
    expect(field('Medicine').value).toBe('Concor 5mg');
    expect(field('Accept up to').value).toBe('9');
    type('Accept up to', '');
    fireEvent.click(dialog().getByRole('checkbox', { name: /Met/ }));
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/needs/7',
        search: '',
        body: {
          medicine: 'Concor 5mg',
          dosageForm: 'tablets',
          minQuantity: 2,
          acceptUpTo: null,
          minDaysLeft: 0,
          urgency: 'routine',
          reachKm: 25,
          status: 'closed',
        },
      },
    ]);
    await screen.findByText('Met');
  });

  it('deletes only after the confirmation', async () => {
    const calls = serveNeeds([need(3, { medicine: 'Ventolin' })]);
    const { toasts } = await renderInRemote(<NeedsScreen title="Wanted" subtitle="x" request={pickup} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: Ventolin' }));
    dialog().getByText('Delete the need for Ventolin?');
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Ventolin' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await screen.findByText('Nothing on your list yet');
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/needs/3', search: '', body: undefined }]);
    expect(toasts).toEqual([{ title: 'Need deleted', description: 'Ventolin' }]);
  });

  it('speaks Egyptian Arabic right to left, with Latin digits, and marks the fields a refusal names', async () => {
    const refusal = new Response(
      JSON.stringify({
        message: 'الكمية كبيرة أوي',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'minQuantity', rule: 'quantityMax', message: 'الكمية كبيرة أوي' }],
      }),
      { status: 400, headers: { 'Content-Type': 'application/json' } },
    );
    const calls = serveNeeds(
      [
        need(4, { medicine: 'أنسولين', minQuantity: 12, minDaysLeft: 45 }),
        need(5, { medicine: 'فنتولين', minQuantity: 3, minDaysLeft: 2 }),
      ],
      () => refusal,
    );
    await renderInRemote(<NeedsScreen title="محتاجين إيه" subtitle="x" request={pickup} />, {
      language: 'ar',
      role: 'ngo',
    });
    const row = (await screen.findByText('أنسولين')).closest('[data-testid="need-row"]') as HTMLElement;
    line(row, 'أي نوع · 12 وحدة على الأقل');
    within(row).getByText('45 يوم على الأقل قبل انتهاء الصلاحية');
    // This NGO named no place: its needs reach all of Egypt until it does, and the row says so.
    within(row).getByText(
      'بنقترح أدوية من أي حتة في مصر لحد ما تحدد مكان الاستلام بتاعك (منطقتك) في الإعدادات: ساعتها في حدود 25 كم منه',
    );
    // Counts take the noun's number: 3 → "وحدات", 2 → "يومين".
    const small = screen.getByText('فنتولين').closest('[data-testid="need-row"]') as HTMLElement;
    line(small, 'أي نوع · 3 وحدات على الأقل');
    within(small).getByText('يومين على الأقل قبل انتهاء الصلاحية');
    expect(screen.getByRole('heading', { name: 'محتاجين إيه' }).closest('[dir]')?.getAttribute('dir')).toBe(
      'rtl',
    );

    fireEvent.click(screen.getByRole('button', { name: 'ضيف احتياج' }));
    fireEvent.click(dialog().getByRole('button', { name: 'حفظ' }));
    await dialog().findByText('اكتب اسم الدواء اللي محتاجه');
    type('الدواء', 'بانادول');
    fireEvent.click(dialog().getByRole('button', { name: 'حفظ' }));
    await dialog().findByText('الكمية كبيرة أوي');
    expect(writes(calls)).toHaveLength(1);
    screen.getByRole('dialog');
  });

  it("shows each open need's matches and files a request in one tap, prefilled with min(accept up to, available)", async () => {
    const expiry = new Date(Date.now() + 40 * 86400_000).toISOString();
    const match = (
      medicineId: number,
      quantity: number,
      governorate: NeedMatch['owner']['governorate'],
    ): NeedMatch => ({
      needId: 7,
      need: {
        medicine: 'Insulin',
        dosageForm: 'injection',
        minQuantity: 2,
        acceptUpTo: 6,
        urgency: 'urgent',
      },
      medicine: {
        id: medicineId,
        name: `Insulin glargine ${medicineId}`,
        type: 'injection',
        quantity,
        expiryDate: expiry,
        recipientType: 'both',
        source: 'pharmacy',
        discountPrice: null,
        imageUrl: null,
      },
      owner: { id: 9, name: 'Nile Pharmacy', governorate, area: null },
      distanceKm: null,
      request: null,
      daysLeft: 40,
      sameGovernorate: governorate === 'giza',
      score: 1,
    });
    const calls = serveNeeds([need(7, { medicine: 'Insulin', dosageForm: 'injection' })], undefined, [
      match(41, 10, 'giza'),
      match(42, 4, null),
    ]);
    await renderInRemote(<NeedsScreen title="What we need" subtitle="x" request={pickup} />, { role: 'ngo' });
    const cards = await screen.findAllByTestId('match-card');
    expect(cards).toHaveLength(2);
    within(cards[0]!).getByText('Insulin glargine 41');
    within(cards[0]!).getByText('In your governorate');
    within(cards[0]!).getByText('From \u2068Nile Pharmacy\u2069 · Area: Giza');
    within(cards[0]!).getByText('Matches "Insulin" (Injection)');
    expect(within(cards[0]!).getByTestId('match-facts').textContent).toBe('Injection · 10 units · Free');
    within(cards[1]!).getByText('From \u2068Nile Pharmacy\u2069 · Area not given');

    // 10 available, the need accepts up to 6: 6. Only 4 available: 4.
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Request Pickup: Insulin glargine 42' }));
    // Fluent's motion leaves the surface aria-hidden in happy-dom: found with hidden: true.
    const requestDialog = async () =>
      within(await screen.findByRole('dialog', { hidden: true }, { timeout: 5000 }));
    expect(
      ((await requestDialog()).getByLabelText('Quantity', { exact: false }) as HTMLInputElement).value,
    ).toBe('4');
    fireEvent.click((await requestDialog()).getByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Request Pickup: Insulin glargine 41' }));
    expect(
      ((await requestDialog()).getByLabelText('Quantity', { exact: false }) as HTMLInputElement).value,
    ).toBe('6');
    fireEvent.click((await requestDialog()).getByRole('button', { name: 'Submit Request', hidden: true }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/requests',
          body: expect.objectContaining({ medicineId: 41, quantity: 6 }),
        }),
      ]),
    );
  });

  it('shows how much of a need is requested; a need met by its requests shows them, and reopens in one tap', async () => {
    const requestedMatch: NeedMatch = {
      needId: 8,
      need: { medicine: 'Concor', dosageForm: null, minQuantity: 10, acceptUpTo: null, urgency: 'routine' },
      medicine: {
        id: 51,
        name: 'Concor 5mg',
        type: 'tablets',
        quantity: 2,
        expiryDate: new Date(Date.now() + 40 * 86400_000).toISOString(),
        recipientType: 'both',
        source: 'pharmacy',
        discountPrice: 12,
        imageUrl: null,
      },
      owner: { id: 9, name: 'Nile Pharmacy', governorate: 'giza', area: null },
      distanceKm: null,
      request: { id: 3, status: 'approved', quantity: 10, handover: null },
      daysLeft: 40,
      sameGovernorate: false,
      score: 1,
    };
    const calls = serveNeeds(
      [
        need(8, {
          medicine: 'Concor',
          minQuantity: 10,
          // Reopened with its own reach, not the default of a new need.
          reachKm: 100,
          status: 'closed',
          metBy: 'requests',
          requestedQuantity: 10,
        }),
        need(9, { medicine: 'Ventolin', minQuantity: 5, requestedQuantity: 2 }),
        need(10, { medicine: 'Brufen', status: 'closed', metBy: 'owner' }),
      ],
      undefined,
      [requestedMatch],
    );
    const { toasts } = await renderInRemote(
      <NeedsScreen title="What we need" subtitle="x" request={pickup} />,
      {
        role: 'ngo',
      },
    );
    const row = (name: string) => screen.getByRole('group', { name }) as HTMLElement;
    await screen.findByText('Requested for this need');
    within(row('Concor')).getByText('Met');
    expect(within(row('Concor')).getByTestId('need-requested').textContent).toBe(
      'Units requested: 10 (at least 10 needed)',
    );
    expect(within(row('Concor')).getByTestId('match-request').textContent).toContain('Requested · Approved');
    expect(within(row('Ventolin')).getByTestId('need-requested').textContent).toBe(
      'Units requested: 2 (at least 5 needed)',
    );
    expect(within(row('Ventolin')).queryByRole('button', { name: 'Reopen: Ventolin' })).toBeNull();
    // Closed by hand: no matches, but it reopens the same way.
    expect(within(row('Brufen')).queryByText('Requested for this need')).toBeNull();
    within(row('Brufen')).getByRole('button', { name: 'Reopen: Brufen' });

    fireEvent.click(within(row('Concor')).getByRole('button', { name: 'Reopen: Concor' }));
    await waitFor(() => expect(toasts).toEqual([{ title: 'Need reopened', description: 'Concor' }]));
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/needs/8',
        search: '',
        body: {
          medicine: 'Concor',
          dosageForm: null,
          minQuantity: 10,
          acceptUpTo: null,
          minDaysLeft: 0,
          urgency: 'routine',
          reachKm: 100,
          status: 'open',
        },
      },
    ]);
  });
});
