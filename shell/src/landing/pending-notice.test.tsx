// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '@medrelay/api-client';
import type { UserStatus } from '@medrelay/contracts';
import { gatewayEndpoints, identityEndpoints } from '@medrelay/contracts/endpoints';
import { renderInRemote } from '@medrelay/ui/test-support';
import { shellTexts } from '../texts';
import { LandingPage } from './landing-page';

// A registrant waiting on "pending approval" keeps the page open: the administrator's decision
// reaches it through the live stream, without a reload or a click on "Check again".

/** The account as the server has it now, and the live stream the page holds. */
let status: UserStatus | 'session ended';
let streams: Array<ReadableStreamDefaultController<Uint8Array>>;
let refuseStream: boolean;
let userType: 'pharmacy' | 'donor';

beforeEach(() => {
  status = 'pending';
  streams = [];
  refuseStream = false;
  userType = 'pharmacy';
  tokenStore.set('the-token');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const json = (body: unknown, code = 200) =>
      new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
    if (path === identityEndpoints.me.path) {
      if (status === 'session ended')
        return json({ message: 'Your session has ended.', code: 'TOKEN_REVOKED', details: null }, 401);
      return json({ id: 7, name: 'Nour Pharmacy', email: 'nour@example.com', userType, status });
    }
    if (path === gatewayEndpoints.liveEvents.path) {
      if (refuseStream) return json({ message: 'Your session has ended.', code: 'TOKEN_REVOKED' }, 401);
      const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    return json({});
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  tokenStore.clear();
});

async function openPendingScreen(language: 'en' | 'ar' = 'en') {
  await renderInRemote(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/pharmacy/*" element={<p>the pharmacy dashboard</p>} />
      </Routes>
    </MemoryRouter>,
    { texts: shellTexts, namespace: 'shell', language },
  );
  await screen.findByTestId('pending-notice');
  await waitFor(() => expect(streams).toHaveLength(1));
}

describe('the pending-approval screen', () => {
  it('offers the signed-in registrant Log out, not a Login button that leads to the sign-in form', async () => {
    await openPendingScreen();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('promises a review time only where the registration e-mail does (not to a donor)', async () => {
    await openPendingScreen();
    expect(screen.getByTestId('pending-notice').textContent).toContain('within 24 to 48 hours');
    cleanup();
    [streams, userType] = [[], 'donor'];
    await openPendingScreen('ar');
    expect(screen.getByTestId('pending-notice').textContent).toContain(
      'مدير النظام بيراجع حسابك، وهيوصلك إيميل أول ما يتفعّل.',
    );
  });

  it('enters the dashboard by itself once an administrator approves the account', async () => {
    await openPendingScreen();
    status = 'approved';
    streams[0]!.enqueue(new TextEncoder().encode('data: {"kind":"account"}\n\n'));
    await screen.findByText('the pharmacy dashboard');
  });

  it('ends the session by itself once the account is rejected (the gateway refuses its stream)', async () => {
    await openPendingScreen();
    status = 'session ended';
    refuseStream = true;
    // The gateway closes the stream of a revoked session; the page's next try is refused.
    streams[0]!.close();
    await waitFor(() => expect(screen.queryByTestId('pending-notice')).toBeNull(), { timeout: 4000 });
    expect(tokenStore.get()).toBeNull();
  });
});
