import { WEEKDAYS, type OpeningPeriod, type WeeklyHours } from '@portal/contract';
import type { CatalogueProduct } from '../src/platform/catalogue/catalogue-product';

export const every = (periods: OpeningPeriod[]): WeeklyHours =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, periods])) as WeeklyHours;

const base = {
  airportCode: 'NQY',
  side: 'airside',
  description: 'A place to wait for your flight.',
  directions: 'Terminal 1, after security: turn left.',
  weeklyHours: every([{ open: '05:00', close: '22:00' }]),
  facilities: ['wifi'],
  conditions: null,
  offer: null,
  terms: null,
  lane: null,
  price: null,
  slotMinutes: null,
  capacityPerSlot: null,
  images: [],
  rank: 0,
} as const satisfies Partial<CatalogueProduct>;

const loungeBase = {
  ...base,
  kind: 'lounge',
  conditions: {
    maxStayHours: 3,
    children: 'Children welcome.',
    dressCode: 'Smart casual.',
    guests: 'Up to 2 guests.',
  },
  price: { amount: 3500, currency: 'GBP' },
  slotMinutes: 30,
  capacityPerSlot: 20,
} as const satisfies Partial<CatalogueProduct>;

/** Products at Newquay (NQY, Europe/London), which has no demo catalogue. */
export const NQY_PRODUCTS: CatalogueProduct[] = [
  {
    ...loungeBase,
    id: 'NQY-LNG-1',
    name: 'Alpha Lounge',
    terminal: 'Terminal 1',
    facilities: ['wifi', 'showers', 'quiet-zone'],
    images: ['/assets-api/art/lounge/NQY-LNG-1-1.svg', '/assets-api/art/lounge/NQY-LNG-1-2.svg'],
    rank: 50,
  },
  {
    ...loungeBase,
    id: 'NQY-LNG-2',
    name: 'Beta Lounge',
    terminal: 'Terminal 2',
    side: 'landside',
    facilities: ['wifi', 'showers'],
    weeklyHours: every([{ open: '00:00', close: '24:00' }]),
    rank: 40,
  },
  {
    ...loungeBase,
    id: 'NQY-LNG-3',
    name: 'Gamma 100% Lounge',
    terminal: 'Terminal 1',
    facilities: ['wifi'],
    weeklyHours: { ...every([{ open: '06:00', close: '20:00' }]), thu: [] },
    rank: 30,
  },
  {
    ...loungeBase,
    id: 'NQY-LNG-4',
    name: 'Delta Lounge',
    terminal: 'Terminal 1',
    facilities: ['wifi', 'quiet-zone'],
    weeklyHours: {
      ...every([{ open: '05:00', close: '22:00' }]),
      thu: [
        { open: '05:00', close: '09:00' },
        { open: '11:00', close: '20:00' },
      ],
    },
    rank: 20,
  },
  {
    ...base,
    id: 'NQY-DIN-1',
    kind: 'dining',
    name: 'Harbour Kitchen',
    terminal: 'Terminal 1',
    facilities: ['wifi', 'hot-food'],
    offer: '20% off food and drink',
    terms: 'Show your membership card.',
  },
  {
    ...base,
    id: 'NQY-SPA-1',
    kind: 'spa',
    name: 'Seren Spa',
    terminal: 'Terminal 2',
    facilities: ['quiet-zone'],
    offer: '£15 voucher towards any treatment',
    terms: 'Subject to availability.',
  },
  {
    ...base,
    id: 'NQY-FT-1',
    kind: 'fast-track',
    name: 'Fast Track Security, Terminal 1',
    terminal: 'Terminal 1',
    side: 'landside',
    facilities: ['step-free-access'],
    lane: 'Fast Track Security, North',
    terms: 'Show your booking.',
    price: { amount: 800, currency: 'GBP' },
    slotMinutes: 60,
    capacityPerSlot: 50,
    rank: 10,
  },
  {
    ...base,
    id: 'NQY-FT-2',
    kind: 'fast-track',
    name: 'Fast Track Security, Terminal 2',
    terminal: 'Terminal 2',
    side: 'landside',
    facilities: ['step-free-access'],
    lane: 'Fast Track Security, South',
    terms: 'Show your booking.',
    price: { amount: 800, currency: 'GBP' },
    slotMinutes: 60,
    capacityPerSlot: 50,
  },
];
