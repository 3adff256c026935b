import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHandlers, envelope, mockApi, type Handler } from '@/testing/mock-api';
import { logIn, renderApp } from '@/testing/render-app';
import { visit } from './fixtures';

const HISTORY = '/account/usage-history';

function openHistory(handler: Handler) {
  logIn();
  const history = vi.fn<Handler>(handler);
  mockApi({ ...accountHandlers, [HISTORY]: history });
  const app = renderApp('/account/history');
  return { ...app, history };
}

const paged = (items: unknown[], total = items.length, page = 1) =>
  envelope({ items, total, page, pageSize: 20 });

describe('usage history (/account/history)', () => {
  it('lists the visits in a table with a caption and column names', async () => {
    const { history } = openHistory(() =>
      paged([visit(1), visit(2, { guests: 0, passesUsed: 1, membershipNumber: null })]),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage History' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Usage history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Lounge', 'Airport', 'Guests', 'Passes used', 'Membership']);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole('rowheader').textContent).toBe('Sat 3 Oct 2026, 08:15');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => [td.dataset.label, td.textContent]),
    ).toEqual([
      ['Lounge', 'Skyview Lounge 1'],
      ['Airport', 'London Heathrow Airport (LHR)'],
      ['Guests', '1'],
      ['Passes used', '2'],
      ['Membership', '•••• •••• •••• 1234'],
    ]);
    expect(within(rows[1]!).getAllByRole('cell').at(-1)!.textContent).toBe('None');

    // Explicit roles: the stacked layout below 1024 px (display: block) keeps its semantics.
    const role = (el: Element) => el.getAttribute('role');
    expect(role(table)).toBe('table');
    expect([...table.querySelectorAll('thead, tbody')].map(role)).toEqual(['rowgroup', 'rowgroup']);
    expect([...table.querySelectorAll('tr')].every((tr) => role(tr) === 'row')).toBe(true);
    expect([...table.querySelectorAll('thead th')].every((th) => role(th) === 'columnheader')).toBe(
      true,
    );
    expect([...table.querySelectorAll('tbody th')].every((th) => role(th) === 'rowheader')).toBe(
      true,
    );
    expect([...table.querySelectorAll('td')].every((td) => role(td) === 'cell')).toBe(true);
    expect(history).toHaveBeenCalledWith({ page: 1, pageSize: 20 }, expect.anything());
  });

  it('counts one visit in the singular, and shows an offer with its amount', async () => {
    openHistory(() =>
      paged([
        visit(1, {
          kind: 'dining',
          loungeName: 'Quay Grill',
          amount: { amount: 1500, currency: 'GBP' },
        }),
      ]),
    );
    expect(await screen.findByText('Showing 1 of 1 visit')).toBeTruthy();
    expect(screen.getByText('Dining offer, £15.00 off')).toBeTruthy();
  });

  it('says when there are no visits yet', async () => {
    openHistory(() => paged([]));
    expect(await screen.findByText('No lounge visits yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Find a lounge' }).getAttribute('href')).toBe(
      '/airport',
    );
  });

  it('loads more visits with Show more', async () => {
    const all = Array.from({ length: 25 }, (_, i) => visit(i + 1));
    const { user, history } = openHistory((body) => {
      const { page } = body as { page: number };
      return paged(all.slice((page - 1) * 20, page * 20), 25, page);
    });
    const table = await screen.findByRole('table', { name: 'Usage history' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Showing 20 of 25 visits')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(history).toHaveBeenLastCalledWith({ page: 2, pageSize: 20 }, expect.anything());
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(table).getAllByRole('rowheader')[20]),
    );
  });

  it('shows a failed load with Try again', async () => {
    let fail = true;
    const { user } = openHistory(() =>
      fail ? new Response('down', { status: 503 }) : paged([visit(1)]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your usage history.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Usage history' })).toBeTruthy();
  });
});
