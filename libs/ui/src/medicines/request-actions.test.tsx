// @vitest-environment happy-dom
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestStatuses, type MedicineRequest, type RequestStatus } from '@medrelay/contracts';
import { requestMovesFor } from '@medrelay/domain/requests';
import { renderInRemote } from '../test-support/render';
import { requestFixture } from '../test-support/fixtures';
import { CallOffPickup, OwnerRequestActions, RequesterRequestActions } from './request-actions';
import { RequestRow } from './request-row';

afterEach(() => vi.restoreAllMocks());

let sent: Array<{ url: string; body: unknown }> = [];
beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

const request = (status: MedicineRequest['status'], recallHold: string | null = null) =>
  ({ id: 41, status, recallHold, medicine: { name: 'Ventolin Inhaler' } }) as MedicineRequest;
const labels = { cancel: 'Cancel Request', collected: 'Mark as Collected' };
const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });

describe('the requester’s final moves ask first and say what happened', () => {
  it('cancels only after confirming, with a "Request cancelled" toast', async () => {
    const { toasts } = await renderInRemote(
      <RequesterRequestActions request={request('pending')} labels={labels} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Request: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(inDialog('Keep request'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Request: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'Cancel this request?' });
    fireEvent.click(inDialog('Cancel Request'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/requests/41/status', body: { status: 'cancelled' } }]);
    expect(toasts[0]).toMatchObject({
      title: 'Request cancelled',
      description: 'Your request for Ventolin Inhaler was withdrawn.',
    });
  });

  it('marks as collected after confirming, in Arabic too', async () => {
    const { toasts } = await renderInRemote(
      <RequesterRequestActions
        request={request('approved')}
        labels={{ cancel: 'إلغاء', collected: 'تم الاستلام' }}
      />,
      { language: 'ar' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'تم الاستلام: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'تأكد إنك استلمت؟' });
    expect(sent).toEqual([]);
    fireEvent.click(inDialog('تم الاستلام'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/requests/41/status', body: { status: 'completed' } }]);
    expect(toasts[0]!.title).toBe('اتسجّل إنه اتسلّم');
  });
});

describe('the action buttons follow the domain’s transition table', () => {
  const ownerLabels = { approve: 'Approve', reject: 'Reject' };
  const shownButtons = () => screen.queryAllByRole('button').map((b) => b.textContent);
  // Once approved, a rejection or cancellation calls the pickup off, and its button says so.
  const ownerButton = (from: RequestStatus, to: RequestStatus) =>
    to === 'approved' ? 'Approve' : from === 'approved' ? 'Call Off Pickup' : 'Reject';
  const requesterButton = (from: RequestStatus, to: RequestStatus) =>
    to === 'completed' ? 'Mark as Collected' : from === 'approved' ? 'Cancel Pickup' : 'Cancel Request';
  const sorted = (texts: Array<string | null>) => [...texts].sort();

  for (const status of requestStatuses) {
    it(`offers each party exactly its moves from "${status}"`, async () => {
      const owner = await renderInRemote(
        <OwnerRequestActions request={request(status)} labels={ownerLabels} />,
      );
      expect(sorted(shownButtons())).toEqual(
        sorted(requestMovesFor(status, 'owner').map((to) => ownerButton(status, to))),
      );
      owner.unmount();
      await renderInRemote(<RequesterRequestActions request={request(status)} labels={labels} />);
      expect(sorted(shownButtons())).toEqual(
        sorted(requestMovesFor(status, 'requester').map((to) => requesterButton(status, to))),
      );
    });
  }

  it('calls an approved pickup off only after confirming, from either side, in Arabic too', async () => {
    const owner = await renderInRemote(<CallOffPickup request={request('approved')} />, { language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء التسليم: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'تلغي التسليم ده؟' });
    expect(sent).toEqual([]);
    fireEvent.click(inDialog('إلغاء التسليم'));
    await waitFor(() => expect(owner.toasts).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/requests/41/status', body: { status: 'rejected' } }]);
    // The owner's toast words it as its button and dialog do: the handover (التسليم) is off.
    expect(owner.toasts[0]).toMatchObject({
      title: 'التسليم اتلغى',
      description: 'تسليم Ventolin Inhaler اتلغى.',
    });
    owner.unmount();

    sent = [];
    const requester = await renderInRemote(
      <RequesterRequestActions request={request('approved')} labels={labels} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Pickup: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'Cancel this pickup?' });
    fireEvent.click(inDialog('Cancel Pickup'));
    await waitFor(() => expect(requester.toasts).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/requests/41/status', body: { status: 'cancelled' } }]);
    expect(requester.toasts[0]).toMatchObject({
      title: 'Pickup called off',
      description: 'The pickup of Ventolin Inhaler is called off.',
    });
  });

  it('says a pickup a recall holds gives nothing back on offer, to either side', async () => {
    const held = request('approved', 'Mislabelled');
    const owner = await renderInRemote(<CallOffPickup request={held} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call Off Pickup: Ventolin Inhaler' }));
    const ownerDialog = await screen.findByRole('dialog', { name: 'Call off this pickup?' });
    expect(ownerDialog.textContent).toContain('Its batch is recalled: the units are not offered again');
    expect(ownerDialog.textContent).not.toContain('back on offer');
    owner.unmount();

    await renderInRemote(<RequesterRequestActions request={held} labels={labels} />, { language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'إلغاء الاستلام: Ventolin Inhaler' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('التشغيلة دي اتسحبت');
    expect(dialog.textContent).not.toContain('معروضة تاني');
  });

  it('offers no Mark as Collected on a pickup a recall holds (the server refuses it), only Cancel Pickup', async () => {
    await renderInRemote(
      <RequesterRequestActions request={request('approved', 'Mislabelled')} labels={labels} />,
    );
    expect(shownButtons()).toEqual(['Cancel Pickup']);
  });

  it('offers a pending request’s owner Approve and Reject (spec §4)', async () => {
    await renderInRemote(<OwnerRequestActions request={request('pending')} labels={ownerLabels} />);
    expect(shownButtons()).toEqual(['Approve', 'Reject']);
  });
});

describe('focus after a move that takes its button away', () => {
  /** The rows of a requests screen, each moved as the server answers (the lists reload). */
  let moved: (id: number, status: RequestStatus) => void = () => {};
  function Rows({ side, initial }: { side: 'owner' | 'requester'; initial: MedicineRequest[] }) {
    const [rows, setRows] = useState(initial);
    moved = (id, status) => setRows((all) => all.map((r) => (r.id === id ? { ...r, status } : r)));
    return (
      <section>
        <div>
          <h2>Requests</h2>
        </div>
        <div>
          {rows.map((r) => (
            <RequestRow
              key={r.id}
              request={r}
              counterpart={side === 'owner' ? 'requester' : 'provider'}
              actions={
                side === 'owner' ? (
                  <CallOffPickup request={r} />
                ) : (
                  <RequesterRequestActions request={r} labels={labels} />
                )
              }
            />
          ))}
        </div>
      </section>
    );
  }
  const rows = (direction: 'incoming' | 'outgoing') => [
    requestFixture({
      id: 41,
      direction,
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    }),
    requestFixture({ id: 42, direction, medicine: { ...requestFixture().medicine!, name: 'Panadol' } }),
  ];
  beforeEach(() => {
    vi.mocked(globalThis.fetch).mockImplementation(async (url, init) => {
      const body = JSON.parse(String(init?.body)) as { status: RequestStatus };
      sent.push({ url: String(url), body });
      moved(Number(/requests\/(\d+)/.exec(String(url))![1]), body.status);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });
  /** The request row's title: where focus stays once its own action is gone. */
  const titleOf = (name: string) => screen.getByRole('heading', { name });

  it('stays on the row after the requester cancels a pickup, not on the page body', async () => {
    const { toasts } = await renderInRemote(<Rows side="requester" initial={rows('outgoing')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Pickup: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'Cancel this pickup?' });
    fireEvent.click(inDialog('Cancel Pickup'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Cancel Pickup: Ventolin Inhaler' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(titleOf('Ventolin Inhaler')));
  });

  it('stays on the row after the requester marks it collected', async () => {
    const { toasts } = await renderInRemote(<Rows side="requester" initial={rows('outgoing')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Collected: Panadol' }));
    await screen.findByRole('dialog', { name: 'Mark as collected?' });
    fireEvent.click(inDialog('Mark as Collected'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(sent).toEqual([{ url: '/api/requests/42/status', body: { status: 'completed' } }]);
    await waitFor(() => expect(document.activeElement).toBe(titleOf('Panadol')));
  });

  it('stays on the row after the owner calls a pickup off', async () => {
    const { toasts } = await renderInRemote(<Rows side="owner" initial={rows('incoming')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Call Off Pickup: Ventolin Inhaler' }));
    await screen.findByRole('dialog', { name: 'Call off this pickup?' });
    fireEvent.click(inDialog('Call Off Pickup'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Call Off Pickup: Ventolin Inhaler' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(titleOf('Ventolin Inhaler')));
    expect(document.activeElement).not.toBe(document.body);
  });
});

describe('approving fewer units than asked, when fewer are left', () => {
  /** 6 asked of a listing with 3 left, at EGP 35.00 a unit. */
  const short = () =>
    requestFixture({
      id: 41,
      status: 'pending',
      direction: 'incoming',
      quantity: 6,
      unitPrice: null,
      originalUnitPrice: null,
      medicine: { ...requestFixture().medicine!, name: 'Eltroxin 50mcg', quantity: 3 },
    });
  const open = async (language: 'en' | 'ar' = 'en') => {
    await renderInRemote(
      <OwnerRequestActions request={short()} labels={{ approve: 'Approve', reject: 'Reject' }} />,
      { language },
    );
    fireEvent.click(screen.getByRole('button', { name: /^(Approve|موافقة): Eltroxin 50mcg$/ }));
    const dialog = await screen.findByRole('dialog');
    return { dialog, box: within(dialog).getByTestId('units-to-approve') as HTMLInputElement };
  };
  const total = (dialog: HTMLElement) => within(dialog).getByTestId('approval-total');

  it('keeps what is typed (no snapping back to 1 or to the most) and checks it on leaving the box', async () => {
    const { dialog, box } = await open();
    expect(box.value).toBe('3');
    // Cleared to type another number: it stays empty, with nothing said yet.
    fireEvent.change(box, { target: { value: '' } });
    expect(box.value).toBe('');
    expect(within(dialog).queryByText(/Enter a whole number/)).toBeNull();
    fireEvent.blur(box);
    within(dialog).getByText('Enter a whole number from 1 to 3.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // "1" then "13": kept as typed, then refused, not clamped.
    fireEvent.change(box, { target: { value: '1' } });
    expect(within(dialog).queryByText(/Enter a whole number/)).toBeNull();
    fireEvent.change(box, { target: { value: '13' } });
    expect(box.value).toBe('13');
    within(dialog).getByText('Enter a whole number from 1 to 3.');
    // The total follows the last count typed right.
    expect(total(dialog).textContent).toContain('You are approving 1 unit of Eltroxin 50mcg');
  });

  it('allows no more than are left (the server refuses more), and approves nothing until the count is right', async () => {
    const { dialog, box } = await open();
    expect(box.getAttribute('max')).toBe('3');
    fireEvent.change(box, { target: { value: '5' } }); // asked 6, but only 3 left
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await within(dialog).findByText('Enter a whole number from 1 to 3.');
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: '2' } });
    expect(within(dialog).queryByText(/Enter a whole number/)).toBeNull();
    expect(total(dialog).textContent).toContain('You are approving 2 units of Eltroxin 50mcg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    expect(sent[0]!.body).toMatchObject({ status: 'approved', quantity: 2 });
  });

  it('says how many are left in their plural form, and with 1 left offers nothing fewer', async () => {
    const hint = async (left: number, language: 'en' | 'ar') => {
      const request = short();
      const { unmount } = await renderInRemote(
        <OwnerRequestActions
          request={{ ...request, medicine: { ...request.medicine!, quantity: left } }}
          labels={{ approve: 'Approve', reject: 'Reject' }}
        />,
        { language },
      );
      fireEvent.click(screen.getByRole('button', { name: /^Approve: / }));
      const box = within(await screen.findByRole('dialog')).getByTestId('units-to-approve');
      const text = document.getElementById(
        box.getAttribute('aria-describedby')!.split(' ').at(-1)!,
      )!.textContent;
      unmount();
      return text;
    };
    expect(await hint(1, 'en')).toBe(
      'Only 1 unit left of the 6 units asked: approve it or reject the request.',
    );
    expect(await hint(3, 'en')).toBe(
      'Only 3 units left of the 6 units asked: approve those, fewer, or reject the request.',
    );
    expect(await hint(1, 'ar')).toBe('فاضل وحدة واحدة بس من 6 وحدات اتطلبوا: وافق عليها أو ارفض الطلب.');
    expect(await hint(2, 'ar')).toBe(
      'فاضل وحدتين بس من 6 وحدات اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
    );
    expect(await hint(5, 'ar')).toBe(
      'فاضل 5 وحدات بس من 6 وحدات اتطلبوا: وافق على اللي فاضل أو على عدد أقل، أو ارفض الطلب.',
    );
  });

  it('announces the new total politely, and says what is wrong in Arabic too', async () => {
    const { dialog, box } = await open('ar');
    expect(total(dialog).getAttribute('aria-live')).toBe('polite');
    fireEvent.change(box, { target: { value: '0' } });
    fireEvent.blur(box);
    within(dialog).getByText('اكتب رقم صحيح من 1 لـ 3.');
  });
});
