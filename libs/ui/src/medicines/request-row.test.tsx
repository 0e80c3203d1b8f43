// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MedicineRequest } from '@medrelay/contracts';
import { renderInRemote } from '../test-support/render';
import { medicineFixture } from '../test-support/fixtures';
import { MedicineRow } from './medicine-row';
import { PickupInfo, RequestRow, type PickupInfoSource } from './request-row';

const request = (id: number, name: string) =>
  ({
    id,
    status: 'pending',
    quantity: 2,
    createdAt: new Date().toISOString(),
    notes: null,
    medicine: { name },
    requester: { name: 'Nile NGO' },
  }) as unknown as MedicineRequest;

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a request or medicine a notification links to', () => {
  it('is marked as the current one when the address names it, and only that one', async () => {
    window.history.replaceState(null, '', '/pharmacy/requests?request=7');
    await renderInRemote(
      <>
        <RequestRow request={request(7, 'Concor 5mg')} counterpart="requester" />
        <RequestRow request={request(8, 'Augmentin')} counterpart="requester" />
      </>,
    );
    const [linked, other] = screen.getAllByTestId('request-row');
    expect(linked!.getAttribute('aria-label')).toBe('Concor 5mg');
    expect(linked!.getAttribute('aria-current')).toBe('true');
    expect(other!.getAttribute('aria-current')).toBeNull();
  });

  it('marks none without a request in the address', async () => {
    await renderInRemote(<RequestRow request={request(7, 'Concor 5mg')} counterpart="requester" />);
    expect(screen.getByTestId('request-row').getAttribute('aria-current')).toBeNull();
  });

  it('marks a medicine the same way (`?medicine=ID`)', async () => {
    window.history.replaceState(null, '', '/pharmacy/medicines?medicine=5');
    await renderInRemote(
      <>
        <MedicineRow medicine={medicineFixture({ id: 5, name: 'Concor 5mg' })} />
        <MedicineRow medicine={medicineFixture({ id: 6, name: 'Augmentin' })} />
      </>,
    );
    const [linked, other] = screen.getAllByTestId('medicine-row');
    expect(linked!.getAttribute('aria-current')).toBe('true');
    expect(other!.getAttribute('aria-current')).toBeNull();
  });
});

describe('where to collect an approved request (PickupInfo)', () => {
  const mapUrl = 'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118';
  // An approval without pickup windows or a street address: the area and the pin still say where.
  const approved: PickupInfoSource = {
    pickup: { pharmacyName: 'El Ezaby Dokki', address: null, contactEmail: null, location: null, date: null },
    pickupPlace: { area: 'dokki', governorate: 'giza' },
    pickupPoint: { lat: 30.0385, lng: 31.2118, mapUrl },
  };

  it('gives the area and a link opening the exact point on a map', async () => {
    await renderInRemote(<PickupInfo request={approved} />);
    const info = screen.getByTestId('pickup-info');
    expect(info.textContent).toContain('Pharmacy: El Ezaby Dokki');
    expect(info.textContent).toContain('Area: Dokki, Giza');
    const link = within(info).getByRole('link', { name: 'Open the map (OpenStreetMap)' });
    expect(link.getAttribute('href')).toBe(mapUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('in Arabic too, for a request with no pickup details at all (a pharmacy buying)', async () => {
    await renderInRemote(
      <PickupInfo request={{ pickupPlace: approved.pickupPlace, pickupPoint: approved.pickupPoint }} />,
      {
        language: 'ar',
      },
    );
    const info = screen.getByTestId('pickup-info');
    expect(info.textContent).toContain('المنطقة: الدقي، الجيزة');
    expect(
      within(info).getByRole('link', { name: 'افتح الخريطة (OpenStreetMap)' }).getAttribute('href'),
    ).toBe(mapUrl);
  });

  it('shows no map link without a point (not a party, or not approved)', async () => {
    await renderInRemote(<PickupInfo request={{ ...approved, pickupPoint: null }} />);
    expect(screen.getByTestId('pickup-info').textContent).toContain('Area: Dokki, Giza');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
