import type { WaitlistEntry } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHandlers, envelope, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { waitlistEntry } from '@/testing/waitlist';
import { bookingPage } from './fixtures';

const entry = waitlistEntry;

function mockWaitlist(start: WaitlistEntry[]) {
  let entries = start;
  const leave = vi.fn<Handler>((body) => {
    entries = entries.filter((e) => e.id !== (body as { id: string }).id);
    return envelope({ left: true });
  });
  mockApi({
    ...accountHandlers,
    '/account/bookings/list/v3': () => bookingPage('booked', []),
    '/lounge/waitlist/list': () => envelope({ entries }),
    '/lounge/waitlist/leave': leave,
  });
  return leave;
}

describe('My bookings: the waiting lists (issue 60, item 9)', () => {
  it('shows each waiting list, its place or the places held and until when, and leaves one', async () => {
    const heldUntil = new Date(2026, 10, 25, 10, 40).toISOString();
    const leave = mockWaitlist([
      entry(),
      entry({
        id: 'w-2',
        date: '2026-12-06',
        time: '09:30',
        places: 1,
        position: null,
        holdId: 'hold-9',
        heldUntil,
      }),
    ]);
    logIn();
    const { user } = renderApp('/account/bookings');
    const section = await screen.findByRole('region', { name: 'Your waiting lists' });
    const waiting = await within(section).findByRole('listitem', {
      name: 'Sat 5 Dec 2026 at 12:00',
    });
    expect(within(waiting).getByText('Kestrel Lounge, London Heathrow Airport')).toBeTruthy();
    expect(within(waiting).getByText('Waiting for 2 places')).toBeTruthy();
    expect(within(waiting).getByText('You are number 3 on the waiting list.')).toBeTruthy();
    const held = within(section).getByRole('listitem', { name: 'Sun 6 Dec 2026 at 09:30' });
    expect(within(held).getByText(/^1 place is held for you until 10:40\./)).toBeTruthy();
    expect(within(held).getByRole('link', { name: 'Book them now' }).getAttribute('href')).toBe(
      '/prebooking/detail?code=LHR-LNG-1&date=2026-12-06&time=09%3A30&hold=hold-9',
    );

    await user.click(within(waiting).getByRole('button', { name: 'Leave the waiting list' }));
    expect(JSON.parse(leave.mock.calls[0]![1].body as string)).toEqual({ id: 'w-1' });
    expect(
      await within(section).findByText('You have left the waiting list for Kestrel Lounge.'),
    ).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(document.activeElement).toBe(
      within(section).getByRole('heading', { name: 'Your waiting lists' }),
    );
  });

  it('shows nothing when the member is on no waiting list', async () => {
    mockWaitlist([]);
    logIn();
    renderApp('/account/bookings');
    await screen.findByRole('heading', { level: 1, name: 'My Bookings' });
    await screen.findAllByRole('tab');
    expect(screen.queryByRole('region', { name: 'Your waiting lists' })).toBeNull();
  });
});
