// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@medrelay/domain/calendar';
import { describeAroundCairoMidnight, pinClock } from '@medrelay/testing/clock';
import { renderInRemote } from '../test-support/render';
import { offerDraft, rememberOffer } from './last-offer';
import { PickupOfferDialog } from './offer-dialog';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const dialog = () => within(screen.getByRole('dialog'));
const press = (name: string) => fireEvent.click(dialog().getByRole('button', { name }));
const typeDay = (label: string, value: string) => {
  const input = dialog().getByLabelText(label, { exact: false, selector: 'input' });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
const blank = (location: string) => ({
  windows: [{ date: '', from: '10:00', to: '12:00' }],
  location,
  lat: '',
  lng: '',
});

describe('the pickup offer dialog', () => {
  it('checks windows and the pin as the API does, then offers them with the map link', async () => {
    const onSubmit = vi.fn();
    await renderInRemote(
      <PickupOfferDialog
        mode="change"
        windowsRequired
        defaults={blank('15 Mesaha Square')}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    expect((dialog().getByLabelText('Pickup Location', { exact: false }) as HTMLInputElement).value).toBe(
      '15 Mesaha Square',
    );
    press('Offer pickup windows');
    await screen.findByText('Enter a day and from–to times');
    expect(onSubmit).not.toHaveBeenCalled();

    typeDay('Window 1', '01/05/2030');
    const [from, to] = dialog()
      .getAllByRole('combobox')
      .filter((e) => e.tagName === 'SELECT');
    fireEvent.change(from!, { target: { value: '14:00' } });
    fireEvent.change(to!, { target: { value: '16:00' } });

    fireEvent.change(dialog().getByLabelText('Latitude'), { target: { value: '48.85' } });
    fireEvent.change(dialog().getByLabelText('Longitude'), { target: { value: '2.35' } });
    press('Offer pickup windows');
    await screen.findByText('The map pin must be in Egypt');
    fireEvent.change(dialog().getByLabelText('Latitude'), { target: { value: '30.0385' } });
    fireEvent.change(dialog().getByLabelText('Longitude'), { target: { value: '31.2118' } });

    // Up to three windows.
    press('Add another window');
    press('Add another window');
    expect(dialog().queryByRole('button', { name: 'Add another window' })).toBeNull();
    press('Remove window 3');
    press('Remove window 2');
    press('Offer pickup windows');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        windows: [{ date: '2030-05-01', from: '14:00', to: '16:00' }],
        location: '15 Mesaha Square',
        lat: 30.0385,
        lng: 31.2118,
      }),
    );
    expect(dialog().getByRole('link', { name: 'Open the map (OpenStreetMap)' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=30.0385&mlon=31.2118#map=17/30.0385/31.2118',
    );
  });

  it('speaks Arabic', async () => {
    await renderInRemote(
      <PickupOfferDialog
        mode="change"
        windowsRequired
        defaults={blank('')}
        onSubmit={() => {}}
        onClose={() => {}}
      />,
      { language: 'ar' },
    );
    press('اعرض مواعيد الاستلام');
    await screen.findByText('اكتب اليوم والوقت من–لـ');
    screen.getByText('مكان الاستلام مطلوب');
  });
});

describe('a pharmacy open late', () => {
  afterEach(() => vi.useRealTimers());
  const selects = () =>
    dialog()
      .getAllByRole('combobox')
      .filter((e): e is HTMLSelectElement => e.tagName === 'SELECT');
  const choices = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

  it('offers "to" times after "from", on to midnight (24:00) and past it into the next day, up to 12 hours', async () => {
    pinClock('2030-04-01T10:00:00Z');
    const onSubmit = vi.fn();
    await renderInRemote(
      <PickupOfferDialog
        mode="change"
        windowsRequired
        defaults={{
          windows: [{ date: '2030-05-01', from: '10:00', to: '12:00' }],
          location: 'Zamalek',
          lat: '',
          lng: '',
        }}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    // From 10:00: to 10:30 … 24:00 on its day, nothing before 10:30 and no next day.
    let [from, to] = selects();
    expect(choices(to!)[0]).toBe('10:30');
    expect(choices(to!).at(-1)).toBe('24:00');
    // From 23:00: 23:30, 24:00, then the next day up to 11:00 (12 hours).
    fireEvent.change(from!, { target: { value: '23:00' } });
    [from, to] = selects();
    expect(choices(to!)).toEqual([
      '23:30',
      '24:00',
      ...Array.from({ length: 22 }, (_, i) => {
        const minute = 30 + i * 30;
        return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${minute % 60 ? '30' : '00'} (next day)`;
      }),
    ]);
    fireEvent.change(to!, { target: { value: '+01:00' } });
    press('Offer pickup windows');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        windows: [{ date: '2030-05-01', from: '23:00', to: '01:00', toDate: '2030-05-02' }],
        location: 'Zamalek',
        lat: null,
        lng: null,
      }),
    );
    // Until midnight of its day: 22:00–24:00, no next day sent.
    fireEvent.change(from!, { target: { value: '22:00' } });
    fireEvent.change(selects()[1]!, { target: { value: '24:00' } });
    press('Offer pickup windows');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith(
        expect.objectContaining({ windows: [{ date: '2030-05-01', from: '22:00', to: '24:00' }] }),
      ),
    );
  });

  it('says the next day in Arabic, and which 23:00 it means the night the clocks go back', async () => {
    pinClock('2030-04-01T10:00:00Z');
    await renderInRemote(
      <PickupOfferDialog
        mode="change"
        windowsRequired
        // 31 October 2030, the last Thursday: 24:00 becomes 23:00 again.
        defaults={{
          windows: [{ date: '2030-10-31', from: '23:00', to: '01:00', toDate: '2030-11-01' }],
          location: 'Heliopolis',
          lat: '',
          lng: '',
        }}
        onSubmit={() => {}}
        onClose={() => {}}
      />,
      { language: 'ar' },
    );
    const to = selects()[1]!;
    expect(to.value).toBe('+01:00');
    expect(to.selectedOptions[0]!.textContent).toBe('\u206601:00\u2069 (تاني يوم)');
    dialog().getByText(/بالتوقيت الصيفي/);
  });
});

describeAroundCairoMidnight('approving (Set Pickup Details)', (at) => {
  it('says no last offer is filled in when there was none (first approval), in Arabic too', async () => {
    const { unmount } = await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired
        defaults={offerDraft(9, 'Profile address')}
        onSubmit={() => {}}
        onClose={() => {}}
      />,
    );
    screen.getByText('Offer 1 to 3 pickup times (Cairo time). The requester picks one.');
    expect(screen.queryByText(/your last offer is filled in/)).toBeNull();
    unmount();
    await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired
        defaults={offerDraft(9, 'Profile address')}
        onSubmit={() => {}}
        onClose={() => {}}
      />,
      { language: 'ar' },
    );
    screen.getByText('اعرض من 1 لـ 3 مواعيد استلام (بتوقيت القاهرة). صاحب الطلب هيختار واحد.');
  });

  it("opens with the owner's last offer on days still ahead, so Approve is one more tap", async () => {
    rememberOffer(7, {
      windows: [
        { date: '2026-01-01', from: '18:00', to: '20:00' },
        { date: '2026-01-02', from: '09:00', to: '11:00' },
      ],
      location: 'Dokki branch',
      lat: 30.0385,
      lng: 31.2118,
    });
    const onSubmit = vi.fn();
    await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired
        defaults={offerDraft(7, 'Profile address')}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    screen.getByText(
      'Offer 1 to 3 pickup times (Cairo time); your last offer is filled in. The requester picks one.',
    );
    press('Approve');
    // 18:00 is still ahead at midday and at 00:01; at 23:59 the first day is tomorrow.
    const first = at.instant.endsWith('21:59:00Z') ? addDays(at.cairoDay, 1) : at.cairoDay;
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        windows: [
          { date: first, from: '18:00', to: '20:00' },
          { date: addDays(first, 1), from: '09:00', to: '11:00' },
        ],
        location: 'Dokki branch',
        lat: 30.0385,
        lng: 31.2118,
      }),
    );
  });
});

describeAroundCairoMidnight('a pickup day', (at) => {
  it('may be today in Cairo (until its windows are over) but not yesterday, as the API says', async () => {
    const onSubmit = vi.fn();
    await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired
        defaults={{
          windows: [{ date: addDays(at.cairoDay, -1), from: '00:00', to: '23:30' }],
          location: 'Shubra clinic',
          lat: '',
          lng: '',
        }}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    press('Approve');
    await screen.findByText('This window is already over');
    expect(onSubmit).not.toHaveBeenCalled();
    // At 23:59 every window of today is over; at 00:01 Cairo time "today" is already the UTC tomorrow.
    const day = at.instant.endsWith('21:59:00Z') ? addDays(at.cairoDay, 1) : at.cairoDay;
    typeDay('Window 1', day.split('-').reverse().join('/'));
    press('Approve');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });
});

describe('approving without a time', () => {
  it("is a pharmacy's choice (collection at the pharmacy), never a donor's", async () => {
    const onSubmit = vi.fn();
    const { unmount } = await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired={false}
        defaults={offerDraft(8, 'Tahrir Pharmacy')}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    press('Remove window 1');
    screen.getByTestId('no-windows');
    dialog().getByRole('button', { name: 'Add a pickup time' });
    expect(dialog().queryByLabelText('Pickup Location', { exact: false })).toBeNull();
    press('Approve');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(null));
    unmount();

    await renderInRemote(
      <PickupOfferDialog
        mode="approve"
        windowsRequired
        defaults={offerDraft(8, 'Maadi')}
        onSubmit={() => {}}
        onClose={() => {}}
      />,
    );
    expect(dialog().queryByRole('button', { name: 'Remove window 1' })).toBeNull();
  });
});
