import { SEARCH_RETRY_DELAY_MS } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { airportsFixture } from '@/testing/airports';
import { envelope, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { storage } from '@/shared/storage/storage';

const withList = () => mockApi({ '/airport/list-v2': () => envelope(airportsFixture) });

async function typeInSearch(text: string) {
  const app = renderApp('/');
  const input = await screen.findByRole('combobox', { name: 'Find an airport' });
  await app.user.type(input, text);
  return { ...app, input };
}

const listRequests = (fetchSpy: ReturnType<typeof withList>) =>
  fetchSpy.mock.calls.filter(
    ([input]) => typeof input === 'string' && input.endsWith('/airport/list-v2'),
  ).length;

describe('airport search combobox', () => {
  it('does not fetch the airport list by itself, however long the page shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchSpy = withList();
      renderApp('/');
      await screen.findByRole('combobox', { name: 'Find an airport' });
      await screen.findByRole('heading', { level: 1 });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(listRequests(fetchSpy)).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches it once the search is about to be used: the pointer over it', async () => {
    const fetchSpy = withList();
    const app = renderApp('/');
    const input = await screen.findByRole('combobox', { name: 'Find an airport' });
    expect(listRequests(fetchSpy)).toBe(0);
    await app.user.hover(input);
    await waitFor(() => expect(listRequests(fetchSpy)).toBe(1));
  });

  it('fetches it once the search is about to be used: focus in the field', async () => {
    const fetchSpy = withList();
    renderApp('/');
    const input = await screen.findByRole('combobox', { name: 'Find an airport' });
    expect(listRequests(fetchSpy)).toBe(0);
    act(() => input.focus());
    await waitFor(() => expect(listRequests(fetchSpy)).toBe(1));
  });

  it('fetches it on a touch of the search, before the field has focus', async () => {
    const fetchSpy = withList();
    renderApp('/');
    const search = await screen.findByRole('search', { name: /airport/i });
    expect(listRequests(fetchSpy)).toBe(0);
    fireEvent.touchStart(search);
    await waitFor(() => expect(listRequests(fetchSpy)).toBe(1));
  });

  it('lists matching airports in a listbox, London ones first for "lon", and says how many', async () => {
    withList();
    const { input } = await typeInSearch('lon');
    const listbox = await screen.findByRole('listbox', { name: 'Airports' });
    const options = within(listbox).getAllByRole('option');
    expect(options[0]?.textContent).toContain('London Heathrow Airport (LHR)');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getByRole('status').textContent).toMatch(/^\d+ airports found/);
  });

  it('moves through options with the arrow keys and picks with Enter', async () => {
    withList();
    const { input, user, router } = await typeInSearch('lon');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    const first = screen.getAllByRole('option')[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    expect(first.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/airport-detail?code=LHR',
      ),
    );
    expect(storage.get('airData')?.map((a) => a.iataCode)).toEqual(['LHR']);
  });

  it('closes the list with Escape, and clears the text with a second Escape', async () => {
    withList();
    const { input, user } = await typeInSearch('lon');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('goes to the results page with Enter when nothing is picked', async () => {
    withList();
    const { user, router } = await typeInSearch('paris');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/airport-result?keyword=paris',
      ),
    );
  });

  it('picks with a click', async () => {
    withList();
    const { user } = await typeInSearch('zur');
    await user.click(await screen.findByRole('option', { name: /Zürich Airport \(ZRH\)/ }));
    await screen.findByRole('heading', { level: 1, name: /Zürich Airport \(ZRH\)/ });
    expect(storage.get('airData')?.[0]?.iataCode).toBe('ZRH');
  });

  it('retries a failed list after 1 s', async () => {
    let calls = 0;
    mockApi({
      '/airport/list-v2': () => {
        calls += 1;
        return calls === 1 ? new Response('down', { status: 503 }) : envelope(airportsFixture);
      },
    });
    const started = Date.now();
    await typeInSearch('lhr');
    await screen.findByRole('option', { name: /London Heathrow/ }, { timeout: 3000 });
    expect(calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_RETRY_DELAY_MS - 50);
    // A failure the search handles itself does not raise the global error dialog.
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('recent airports on the home page', () => {
  it('shows the airports picked before as links to their pages', async () => {
    storage.set('airData', [airportsFixture[6]!, airportsFixture[9]!]);
    withList();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Your recent airports' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'London Heathrow Airport (LHR)',
      'Manchester Airport (MAN)',
    ]);
    expect(links[0]?.getAttribute('href')).toBe('/airport-detail?code=LHR');
  });
});
