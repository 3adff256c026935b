import type { Booking } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { accountHandlers, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { booking } from './fixtures';

/* The booking detail page as its tests drive it: its calls, opening it, the cancel dialog. */

export const DETAIL = '/account/bookings/detail';
export const FT_DETAIL = '/account/bookings/detail/fast-track';
export const CANCEL = '/account/bookings/cancel';
export const PDF = '/account/bookings/pdf-stream';

export const cancelled = (overrides: Partial<Booking> = {}) =>
  booking({
    tab: 'cancelled',
    cancelledAt: '2026-11-20T10:00:00Z',
    cancellation: { allowed: false, refundable: false, noticeHours: 48 },
    ...overrides,
  });

export function openDetail(
  handlers: Record<string, Handler>,
  url = `${DETAIL}?bookingId=LNG4F7K2Q`,
) {
  logIn();
  mockApi({ ...accountHandlers, ...handlers });
  return renderApp(url);
}

/** The dialog's body: the refund rule, or "Checking…" (busy) while the booking is asked again. */
export const dialogBody = (dialog: HTMLElement) =>
  document.getElementById(dialog.getAttribute('aria-describedby')!)!;
export const bodyTexts = (dialog: HTMLElement) =>
  [...dialogBody(dialog).querySelectorAll('p')].map((p) => p.textContent);
export const busy = (dialog: HTMLElement) =>
  dialogBody(dialog).querySelector('[aria-busy]')?.getAttribute('aria-busy');

/** Opens the dialog, and waits for the booking asked again as it opens. */
export const openCancel = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel booking LNG4F7K2Q?' });
  await waitFor(() => expect(busy(dialog)).toBe('false'));
  return dialog;
};

/** A response held back until the test lets it go. */
export function held() {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release: (answer: Response) => release(answer) };
}
