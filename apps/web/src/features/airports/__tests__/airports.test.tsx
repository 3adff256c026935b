import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { airportsFixture } from '@/testing/airports';
import { calledUrls, envelope, failure, mockApi, type Handler } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const counts = (iataCode: string, lounge: number) => ({
  iataCode,
  lounge,
  dining: lounge > 0 ? 1 : 0,
  spa: 0,
  fastTrack: lounge > 0 ? 1 : 0,
  total: lounge > 0 ? lounge + 2 : 0,
});

const summary = (n: number, kind = 'lounge') => ({
  id: `LHR-LNG-${n}`,
  kind,
  airportCode: 'LHR',
  name: `Skyview Lounge ${n}`,
  terminal: 'Terminal 5',
  side: 'airside',
  openNow: n === 1,
  hoursToday: '05:00–22:00',
  image: `/assets-api/art/lounge/LHR-LNG-${n}-1.svg`,
  price: { amount: 3250, currency: 'GBP' },
  facilities: ['wifi'],
  offer: null,
});

const paged = (items: unknown[], total = items.length, page = 1) => ({
  items,
  total,
  page,
  pageSize: 12,
});

const base: Record<string, Handler> = {
  '/airport/list-v2': () => envelope(airportsFixture),
  '/airport/product/filter': () =>
    envelope({
      terminals: ['Terminal 3', 'Terminal 5'],
      sides: ['airside', 'landside'],
      facilities: ['wifi', 'showers', 'quiet-zone'],
      counts: counts('LHR', 3),
    }),
};

describe('/airport-result', () => {
  it('lists the airports found with their offers, and says when an airport has none', async () => {
    mockApi({
      ...base,
      '/airport/productNum': (body) =>
        envelope(
          (body as { iataCodes: string[] }).iataCodes.map((c) => counts(c, c === 'LHR' ? 3 : 0)),
        ),
    });
    renderApp('/airport-result?keyword=lon');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Airports matching “lon”' }),
    ).toBeTruthy();
    const heathrow = (
      await screen.findByRole('link', { name: 'London Heathrow Airport (LHR)' })
    ).closest('li')!;
    await within(heathrow).findByText('3 lounges, 1 dining offer, 1 fast-track lane');
    const gatwick = screen
      .getByRole('link', { name: 'London Gatwick Airport (LGW)' })
      .closest('li')!;
    expect(within(gatwick).getByText('No lounges or offers at this airport yet')).toBeTruthy();
  });
});

describe('/airport-detail', () => {
  it("shows the airport's offers in tabs with counts, lounges first", async () => {
    mockApi({ ...base, '/lounge/filter/v2': () => envelope(paged([summary(1), summary(2)])) });
    renderApp('/airport-detail?code=LHR');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'London Heathrow Airport (LHR)' }),
    ).toBeTruthy();
    const tabs = await screen.findAllByRole('tab');
    await waitFor(() =>
      expect(tabs.map((t) => t.textContent)).toEqual([
        'Lounges (3)',
        'Dining (1)',
        'Spa (0)',
        'Fast Track (1)',
      ]),
    );
    const panel = screen.getByRole('tabpanel', { name: /Lounges/ });
    const card = (await within(panel).findByRole('link', { name: 'Skyview Lounge 1' })).closest(
      'li',
    )!;
    expect(card.textContent).toContain('Terminal 5, Airside');
    expect(card.textContent).toContain('Open now');
    expect(card.textContent).toContain('Today: 05:00–22:00');
    expect(card.textContent).toContain('£32.50 per person');
    expect(card.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(within(panel).getByRole('link', { name: 'Skyview Lounge 1' }).getAttribute('href')).toBe(
      '/airport-detail/product?id=LHR-LNG-1&kind=lounge&airport=LHR',
    );
  });

  it('sends the chosen filters and starts again at page 1', async () => {
    const bodies: unknown[] = [];
    mockApi({
      ...base,
      '/lounge/filter/v2': (body) => {
        bodies.push(body);
        return envelope(paged([summary(1)], 30, (body as { page: number }).page));
      },
    });
    const { user } = renderApp('/airport-detail?code=LHR');
    const panel = await screen.findByRole('tabpanel', { name: /Lounges/ });
    await within(panel).findByText('30 lounges found');
    await user.click(within(panel).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 2 }));

    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Terminal' }),
      'Terminal 5',
    );
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Location' }), 'airside');
    await user.click(within(panel).getByRole('checkbox', { name: 'Showers' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Open now' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({
        airportCode: 'LHR',
        page: 1,
        pageSize: 12,
        terminal: 'Terminal 5',
        side: 'airside',
        facilities: ['showers'],
        openNow: true,
      }),
    );
  });

  it('keeps the place of the tab counts while they load (no shift when they come)', async () => {
    // The page's counts and the panel's filter choices are each asked: both answered at once.
    const waiting: ((response: Response) => void)[] = [];
    const answer = (response: Response) => {
      for (const resolve of waiting.splice(0)) resolve(response.clone());
    };
    mockApi({
      ...base,
      '/airport/product/filter': () => new Promise<Response>((resolve) => waiting.push(resolve)),
      '/lounge/filter/v2': () => envelope(paged([summary(1)])),
    });
    renderApp('/airport-detail?code=LHR');
    const tabs = await screen.findAllByRole('tab');
    // Each tab holds an empty count in its place, then the count in that same place.
    for (const tab of tabs) expect(tab.querySelector('.tabs__count')?.textContent).toBe('');
    answer(
      envelope({
        terminals: ['Terminal 5'],
        sides: ['airside'],
        facilities: ['wifi'],
        counts: counts('LHR', 3),
      }),
    );
    await waitFor(() => expect(tabs[0]?.querySelector('.tabs__count')?.textContent).toBe('(3)'));
    expect(tabs.map((tab) => tab.isConnected)).toEqual(tabs.map(() => true));
  });

  it('folds the filters behind a Filters button that counts those set', async () => {
    mockApi({ ...base, '/lounge/filter/v2': () => envelope(paged([summary(1)])) });
    const { user } = renderApp('/airport-detail?code=LHR');
    const panel = await screen.findByRole('tabpanel', { name: /Lounges/ });
    const toggle = await within(panel).findByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const form = within(panel).getByRole('form', { name: 'Filters' });
    expect(toggle.getAttribute('aria-controls')).toBe(form.id);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(panel).getByRole('checkbox', { name: 'Showers' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'Open now' }));
    expect(toggle.textContent).toBe('Filters (2 set)');
    await user.click(within(panel).getByRole('button', { name: 'Clear filters' }));
    expect(toggle.textContent).toBe('Filters');
  });

  it('switches tabs by keyboard and loads that kind', async () => {
    mockApi({
      ...base,
      '/lounge/filter/v2': () => envelope(paged([summary(1)])),
      '/dining/filter': () =>
        envelope(
          paged([
            { ...summary(5, 'dining'), name: 'Runway Kitchen', price: null, offer: '20% off food' },
          ]),
        ),
    });
    const { user, router } = renderApp('/airport-detail?code=LHR');
    const lounges = await screen.findByRole('tab', { name: /Lounges/ });
    lounges.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { selected: true }).textContent).toMatch(/^Dining/);
    const panel = screen.getByRole('tabpanel', { name: /Dining/ });
    expect(await within(panel).findByText('20% off food')).toBeTruthy();
    expect(router.state.location.search).toBe('?code=LHR&tab=dining');
  });

  it('says when the airport code is unknown', async () => {
    mockApi({ ...base, '/airport/product/filter': () => failure('10002', 'not found') });
    renderApp('/airport-detail?code=QQQ');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Airport not found' }),
    ).toBeTruthy();
    expect(
      screen.getByText('We could not find an airport with the code QQQ. Please search again.'),
    ).toBeTruthy();
  });

  it('says no airport was chosen when the address has no code, with a way to search', async () => {
    mockApi(base);
    renderApp('/airport-detail');
    await screen.findByRole('heading', { level: 1, name: 'Airport not found' });
    expect(screen.getByText('No airport was chosen. Please search for your airport.')).toBeTruthy();
    expect(screen.queryByText(/the code/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Search airports' }).getAttribute('href')).toBe(
      '/airport',
    );
  });
});

describe('product detail', () => {
  const detail = {
    ...summary(1),
    description: 'A quiet lounge with views of the runway.',
    directions: 'After security, take the lift to level 2.',
    timeZone: 'Europe/London',
    weeklyHours: {
      mon: [{ open: '05:00', close: '22:00' }],
      tue: [{ open: '05:00', close: '22:00' }],
      wed: [],
      thu: [{ open: '00:00', close: '24:00' }],
      fri: [
        { open: '05:00', close: '12:00' },
        { open: '14:00', close: '22:00' },
      ],
      sat: [{ open: '06:00', close: '20:00' }],
      sun: [{ open: '06:00', close: '20:00' }],
    },
    images: ['/assets-api/art/lounge/LHR-LNG-1-1.svg', '/assets-api/art/lounge/LHR-LNG-1-2.svg'],
    facilities: ['wifi', 'showers', 'step-free-access'],
    conditions: {
      maxStayHours: 3,
      children: 'Children under 2 enter free.',
      dressCode: 'Smart casual.',
      guests: 'Up to 2 guests, each using a pass.',
    },
    terms: null,
    offerTerms: null,
    lane: null,
    slotMinutes: 30,
    capacityPerSlot: 20,
    airportName: 'London Heathrow Airport',
    city: 'London',
  };

  it('shows hours for every weekday in local time, facilities, conditions and Pre-book', async () => {
    mockApi({ '/lounge/detail/v2': () => envelope(detail) });
    renderApp('/airport-detail/product?id=LHR-LNG-1&kind=lounge&airport=LHR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyview Lounge 1' })).toBeTruthy();

    const table = screen.getByRole('table', {
      name: /Opening hours in local time \(Europe\/London/,
    });
    const row = (day: string) => within(table).getByRole('row', { name: new RegExp(`^${day}`) });
    expect(row('Monday').textContent).toBe('Monday05:00 to 22:00');
    expect(row('Wednesday').textContent).toBe('WednesdayClosed');
    expect(row('Thursday').textContent).toBe('ThursdayOpen 24 hours');
    expect(row('Friday').textContent).toBe('Friday05:00 to 12:00, 14:00 to 22:00');

    const facilities = screen.getByRole('heading', { name: 'Facilities' }).nextElementSibling!;
    expect(
      within(facilities as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Wi-Fi', 'Showers', 'Step-free access']);
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Maximum stay3 hours');
    expect(main.textContent).toContain('Dress codeSmart casual.');
    expect(main.textContent).toContain('After security, take the lift to level 2.');
    expect(main.textContent).toContain('£32.50 per person');
    expect(screen.getByRole('link', { name: 'Pre-book' }).getAttribute('href')).toBe(
      '/prebooking?code=LHR-LNG-1',
    );
  });

  it('gives a fast-track lane the same full page, and offers its pre-booking', async () => {
    mockApi({
      '/fast-track/detail': () =>
        envelope({
          ...detail,
          ...summary(1, 'fast-track'),
          id: 'LHR-FT-1',
          name: 'Fast Track T5',
          description: 'Skip the main queue at security with a dedicated lane.',
          directions: 'Follow the purple Fast Track signs beside the main security area.',
          conditions: null,
          facilities: ['step-free-access'],
          lane: 'Fast Track Security, North',
          terms: 'Show your booking confirmation and boarding pass.',
        }),
    });
    renderApp('/airport-detail/product?id=LHR-FT-1&kind=fast-track&airport=LHR');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fast Track T5' })).toBeTruthy();
    // What the lane's page lacked (issue 21): the airport's name, a description, the week's
    // hours and how to find it.
    expect(screen.getByRole('link', { name: /Back to London Heathrow Airport/ })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(main.textContent).toContain('Skip the main queue at security');
    expect(screen.getByRole('table', { name: /Opening hours in local time/ })).toBeTruthy();
    expect(main.textContent).toContain('Follow the purple Fast Track signs');
    expect(main.textContent).toContain('Fast Track Security, North');
    expect(screen.getByRole('link', { name: 'Pre-book' }).getAttribute('href')).toBe(
      '/cipprebooking?code=LHR-FT-1',
    );
  });

  it('asks for the detail once, as the navigation starts (the route’s prefetch), not again', async () => {
    const api = mockApi({ '/lounge/detail/v2': () => envelope(detail) });
    renderApp('/airport-detail/product?id=LHR-LNG-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyview Lounge 1' })).toBeTruthy();
    expect(calledUrls(api).filter((url) => url.endsWith('/lounge/detail/v2'))).toHaveLength(1);
  });

  it('says when the offer does not exist', async () => {
    mockApi({ '/lounge/detail/v2': () => failure('10002', 'not found') });
    renderApp('/airport-detail/product?id=LHR-LNG-99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer not found' })).toBeTruthy();
  });
});
