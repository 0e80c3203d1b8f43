// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '@medrelay/contracts';
import { renderInRemote, servePages } from '@medrelay/ui/test-support';
import { texts } from '../texts';
import TransactionHistory from './transaction-history';

const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';

/** A transfer this pharmacy bought, approved without pickup windows or a street address. */
const bought = {
  id: 4,
  status: 'approved',
  quantity: 2,
  notes: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  direction: 'outgoing',
  medicine: { name: 'Concor 5mg' },
  provider: { id: 2, name: 'El Ezaby Dokki', userType: 'pharmacy' },
  contact: null,
  recallHold: null,
  recallQuarantine: null,
  closedReason: null,
  handover: null,
  pickupPlace: { area: 'dokki', governorate: 'giza' },
  pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
  pickup: { pharmacyName: 'El Ezaby Dokki', address: null, contactEmail: null, location: null, date: null },
} as unknown as Transaction;

describe('pharmacy history: where to collect a transfer it bought', () => {
  it.each([
    ['en', 'Area: Dokki, Giza', 'Open the map (OpenStreetMap)'],
    ['ar', 'المنطقة: الدقي، الجيزة', 'افتح الخريطة (OpenStreetMap)'],
  ] as const)('gives the area and a map link (%s)', async (language, area, link) => {
    servePages((url) =>
      url.pathname.includes('transactions') ? { items: [bought], total: 1 } : { items: [], total: 0 },
    );
    await renderInRemote(<TransactionHistory />, { texts, language });
    const info = await screen.findByTestId('pickup-info');
    expect(info.textContent).toContain(area);
    expect(within(info).getByRole('link', { name: link }).getAttribute('href')).toBe(mapUrl);
  });
});
