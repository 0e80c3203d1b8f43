// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MedicineRequest } from '@medrelay/contracts';
import { requestFixture } from '../test-support/fixtures';
import { renderInRemote } from '../test-support/render';
import { HandoverActions } from './handover';
import { RequestRow } from './request-row';
import QrCode from './qr-code';

afterEach(() => vi.restoreAllMocks());

let sent: Array<{ url: string; body: unknown }> = [];
beforeEach(() => {
  sent = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
    if (String(url).endsWith('/handover'))
      return new Response(
        JSON.stringify({ message: 'Wrong code: 9 tries left', code: 'HANDOVER_CODE_WRONG', details: {} }),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      );
    return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

const named = (name: string) => screen.queryByRole('button', { name: `${name}: Ventolin Inhaler` });

describe('handover actions on a request', () => {
  it('offers the code to the requester, the confirmation to the owner, and the log to everyone', async () => {
    const base = {
      status: 'approved' as const,
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    };
    const { unmount } = await renderInRemote(
      <HandoverActions request={requestFixture({ ...base, direction: 'outgoing' })} />,
    );
    expect(named('Handover code')).not.toBeNull();
    expect(named('Confirm handover')).toBeNull();
    unmount();
    const owner = await renderInRemote(
      <HandoverActions request={requestFixture({ ...base, direction: 'incoming' })} />,
    );
    expect(named('Handover code')).toBeNull();
    expect(named('Confirm handover')).not.toBeNull();
    owner.unmount();
    // An admin's view (no direction) and a finished request: the log only.
    await renderInRemote(<HandoverActions request={requestFixture({ ...base, status: 'completed' })} />);
    expect(named('Handover code')).toBeNull();
    expect(named('Confirm handover')).toBeNull();
    expect(named('Custody log')).not.toBeNull();
  });

  it('offers neither the code nor its confirmation while a recall holds the pickup, the log still', async () => {
    const held = {
      status: 'approved' as const,
      recallHold: 'Contaminated line',
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    };
    const requester = await renderInRemote(
      <HandoverActions request={requestFixture({ ...held, direction: 'outgoing' })} />,
    );
    expect(named('Handover code')).toBeNull();
    expect(named('Custody log')).not.toBeNull();
    requester.unmount();
    await renderInRemote(<HandoverActions request={requestFixture({ ...held, direction: 'incoming' })} />, {
      language: 'ar',
    });
    expect(screen.queryByRole('button', { name: 'تأكيد التسليم: Ventolin Inhaler' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'سجل التسليم: Ventolin Inhaler' })).not.toBeNull();
  });

  it('asks the owner to confirm or dispute a collection marked without the code, in either language', async () => {
    const base = {
      id: 51,
      status: 'completed' as const,
      handover: 'unconfirmed' as const,
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    };
    const requester = await renderInRemote(
      <HandoverActions request={requestFixture({ ...base, direction: 'outgoing' })} />,
    );
    expect(named('Yes, I handed it over')).toBeNull();
    requester.unmount();

    await renderInRemote(<HandoverActions request={requestFixture({ ...base, direction: 'incoming' })} />);
    screen.getByText('The requester marked this collected without the code. Did you hand it over?');
    // Disputing asks first.
    fireEvent.click(named('Dispute')!);
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/If you did not hand it over, the administrators are told/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dispute' }));
    await waitFor(() => expect(sent.map((c) => c.url)).toContain('/api/requests/51/collection/dispute'));
    // Once the question has closed, the rest of the row is reachable again.
    const confirm = await screen.findByRole('button', { name: 'Yes, I handed it over: Ventolin Inhaler' });
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(sent.map((c) => c.url)).toContain('/api/requests/51/collection/confirm'));
  });

  it('speaks Arabic to the owner who is asked', async () => {
    await renderInRemote(
      <HandoverActions
        request={requestFixture({
          status: 'completed',
          handover: 'unconfirmed',
          direction: 'incoming',
          medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
        })}
      />,
      { language: 'ar' },
    );
    screen.getByText('صاحب الطلب سجّل إنه استلم من غير الكود. انت سلّمته فعلاً؟');
    screen.getByRole('button', { name: 'أيوه، سلّمته: Ventolin Inhaler' });
  });

  it("refuses a malformed code in the page and shows the server's words for a wrong one", async () => {
    const request = requestFixture({
      id: 41,
      status: 'approved',
      direction: 'incoming',
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    });
    await renderInRemote(<HandoverActions request={request} />);
    fireEvent.click(named('Confirm handover')!);
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByLabelText(/Handover code/);
    fireEvent.change(box, { target: { value: '12a4' } });
    expect((box as HTMLInputElement).value).toBe('124');
    // Typed on an Arabic keypad, the digits stay (as Latin ones, like the code shown).
    fireEvent.change(box, { target: { value: '١٢٣٤' } });
    expect((box as HTMLInputElement).value).toBe('1234');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText('Enter the 6-digit code');
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText('Wrong code: 9 tries left');
    await waitFor(() =>
      expect(sent).toEqual([{ url: '/api/requests/41/handover', body: { code: '123456' } }]),
    );
  });

  it('draws a QR code as an SVG path with its quiet zone', async () => {
    await renderInRemote(<QrCode text="012345" label="QR 012345" />);
    const svg = screen.getByRole('img', { name: 'QR 012345' });
    // Version 1 (21 modules) plus 4 on each side.
    expect(svg.getAttribute('viewBox')).toBe('0 0 29 29');
    expect(svg.querySelector('path')!.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
  });
});

describe('focus after the owner confirms a handover', () => {
  it('stays on the row, whose Confirm handover is gone, not on the page body (Arabic)', async () => {
    const ventolin = requestFixture({
      id: 41,
      status: 'approved',
      direction: 'incoming',
      medicine: { ...requestFixture().medicine!, name: 'Ventolin Inhaler' },
    });
    let completed: () => void = () => {};
    function Row() {
      const [request, setRequest] = useState<MedicineRequest>(ventolin);
      completed = () => setRequest((r) => ({ ...r, status: 'completed', handover: 'confirmed' }));
      return (
        // The row brings its handover actions itself.
        <RequestRow request={request} counterpart="requester" />
      );
    }
    vi.mocked(globalThis.fetch).mockImplementation(async (url) => {
      if (String(url).endsWith('/41/handover')) {
        completed();
        return new Response(JSON.stringify({ ...ventolin, status: 'completed' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const { toasts } = await renderInRemote(<Row />, { language: 'ar' });
    fireEvent.click(screen.getByRole('button', { name: 'تأكيد التسليم: Ventolin Inhaler' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/كود التسليم/), { target: { value: '433767' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'تأكيد التسليم: Ventolin Inhaler' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Ventolin Inhaler' })),
    );
  });
});
