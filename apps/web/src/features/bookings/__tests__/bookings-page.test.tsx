import type { BookingTab } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHandlers, failure, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { booking, bookingPage, fastTrack, fieldValue } from './fixtures';

interface ListPayload {
  tab: BookingTab;
  page: number;
  pageSize: number;
}

function mockList(handler: (payload: ListPayload) => Response | Promise<Response>) {
  const list = vi.fn<Handler>((body) => handler(body as ListPayload));
  mockApi({ ...accountHandlers, '/account/bookings/list/v3': list });
  return list;
}

const byTab = (payload: ListPayload) =>
  payload.tab === 'booked'
    ? bookingPage('booked', [booking(), fastTrack()], { total: 2 })
    : payload.tab === 'past'
      ? bookingPage('past', [booking({ bookingId: 'LNGPAST01', tab: 'past' })])
      : bookingPage('cancelled', []);

async function openBookings(url = '/account/bookings') {
  logIn();
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'My Bookings' });
  return app;
}

describe('My bookings (/account/bookings)', () => {
  it('is for members only', async () => {
    mockList(byTab);
    const { router } = renderApp('/account/bookings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('shows the three tabs with their counts, Booked first', async () => {
    const list = mockList(byTab);
    await openBookings();
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Booked (3)',
        'Past (1)',
        'Cancelled (0)',
      ]),
    );
    expect(screen.getByRole('tab', { name: 'Booked (3)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.getByRole('tablist', { name: 'Your bookings' })).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ tab: 'booked', page: 1, pageSize: 10 }, expect.anything());
  });

  it('shows every field of a booking on its card, and links to its page', async () => {
    mockList(byTab);
    await openBookings();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Skyview Lounge' })).closest(
      'li',
    )!;
    expect(
      within(card).getByText('Lounge at London Heathrow Airport (LHR), Terminal 5'),
    ).toBeTruthy();
    expect(fieldValue(card, 'Booking ID')).toBe('LNG4F7K2Q');
    expect(fieldValue(card, 'Date and time of visit')).toBe('Tue 1 Dec 2026, 14:30 local time');
    expect(card.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-01T14:30');
    expect(fieldValue(card, 'Passengers')).toBe('2');
    expect(fieldValue(card, 'Passenger names')).toBe('Jane Doe, John Doe');
    expect(fieldValue(card, 'Payment card')).toBe('Visa •••• 4242');
    expect(fieldValue(card, 'Contact number')).toBe('+44 7700 900123');
    expect(fieldValue(card, 'Email')).toBe('jane@example.com');
    expect(fieldValue(card, 'Flight number')).toBe('BA117');
    const view = within(card).getByRole('link', { name: 'View booking LNG4F7K2Q' });
    expect(view.getAttribute('href')).toBe('/account/bookings/detail?bookingId=LNG4F7K2Q');

    const ft = screen
      .getByRole('heading', { level: 2, name: 'Security Fast Track' })
      .closest('li')!;
    expect(
      within(ft).getByText('Fast Track at London Heathrow Airport (LHR), Terminal 3'),
    ).toBeTruthy();
    expect(fieldValue(ft, 'Payment card')).toBe('Paid with passes');
    expect(fieldValue(ft, 'Contact number')).toBe('Not given');
    expect(
      within(ft).getByRole('link', { name: 'View booking FT9A8B7C6' }).getAttribute('href'),
    ).toBe('/account/bookings/ftdetail?bookingId=FT9A8B7C6');
  });

  it('keeps the chosen tab in the address, and opens at it', async () => {
    const list = mockList(byTab);
    const { user, router } = await openBookings();
    await user.click(await screen.findByRole('tab', { name: 'Past (1)' }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=past'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('link', { name: 'View booking LNGPAST01' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View booking LNG4F7K2Q' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Past (1)' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(list).toHaveBeenCalledWith({ tab: 'past', page: 1, pageSize: 10 }, expect.anything());

    // Arrow keys move between tabs too, and the address follows.
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=cancelled'));
  });

  it('opens at the tab the address names (reload, Back)', async () => {
    mockList(byTab);
    await openBookings('/account/bookings?tab=past');
    expect(await screen.findByRole('link', { name: 'View booking LNGPAST01' })).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Past (1)');
  });

  it('says so kindly when a tab is empty, with a way to find a lounge', async () => {
    mockList(byTab);
    await openBookings('/account/bookings?tab=cancelled');
    expect(await screen.findByText('You have no cancelled bookings.')).toBeTruthy();
    const find = screen.getByRole('link', { name: 'Find a lounge' });
    expect(find.getAttribute('href')).toBe('/airport');
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    mockList((payload) => (fail ? new Response('down', { status: 503 }) : byTab(payload)));
    const { user } = await openBookings();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your bookings.');
    // The screen's own message: no server-error overlay on top of it.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'View booking LNG4F7K2Q' })).toBeTruthy();
  });

  it('loads more with Show more, and moves focus to the first new booking', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      booking({ bookingId: `LNG00000${String(i).padStart(2, '0')}`, productName: `Lounge ${i}` }),
    );
    const list = mockList(({ page }) =>
      bookingPage('booked', many.slice((page - 1) * 10, page * 10), { total: 12, page }),
    );
    const { user } = await openBookings();
    await screen.findByRole('heading', { level: 2, name: 'Lounge 9' });
    expect(screen.getByText('Showing 10 of 12 bookings')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lounge 10' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    const eleventh = await screen.findByRole('heading', { level: 2, name: 'Lounge 10' });
    expect(list).toHaveBeenLastCalledWith(
      { tab: 'booked', page: 2, pageSize: 10 },
      expect.anything(),
    );
    expect(screen.getByText('Showing 12 of 12 bookings')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(eleventh));
  });

  it('shows a failure answer (state 0) the same way', async () => {
    mockList(() => failure('10000', 'Something went wrong'));
    await openBookings();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not load your bookings.',
    );
  });
});
