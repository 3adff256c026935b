import { performance } from 'node:perf_hooks';
import type { Airport } from '@portal/contract';
import {
  buildAirportIndex,
  searchAirports,
} from '../../apps/web/src/shared/airport-search/airport-index';
import { airportRows } from '../../apps/api/src/db/seed/reference-data';
import type { Measure } from '../budgets';

/** What a person types, one keystroke at a time: each prefix is one search. */
const TYPED = [
  'london',
  'lhr',
  'new york',
  'dubai',
  'paris charles',
  'manch',
  'sydney',
  'são paulo',
  'frankfurt',
  'zürich',
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The in-browser airport search over the full list (~4,500 airports), per keystroke. */
export function benchAirportSearch(): Measure[] {
  const list: Airport[] = airportRows().map((r) => ({
    name: r.name,
    iataCode: r.iataCode,
    city: r.city,
    country: r.country,
    countryName: r.countryName,
    code: r.code,
    keywords: r.keywords ?? '',
    timeZone: r.timeZone,
  }));
  const buildStart = performance.now();
  const index = buildAirportIndex(list);
  const buildMs = performance.now() - buildStart;

  const keystrokes = TYPED.flatMap((word) => Array.from(word, (_, i) => word.slice(0, i + 1)));
  for (const q of keystrokes) searchAirports(index, q); // warm up the JIT
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of keystrokes) {
      const start = performance.now();
      searchAirports(index, q);
      times.push(performance.now() - start);
    }
  }
  return [
    { name: 'airport search median per keystroke', value: median(times) },
    { name: 'airport search index build', value: buildMs },
  ];
}
