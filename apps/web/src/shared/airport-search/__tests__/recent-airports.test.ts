import { RECENT_AIRPORTS_MAX } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { airportsFixture, findAirport } from '@/testing/airports';
import { storage } from '@/shared/storage/storage';
import { rememberAirport, withRecentAirport } from '../recent-airports';

describe('recent airports (airData)', () => {
  it('keeps the last five picked, most recent first', () => {
    for (const airport of airportsFixture.slice(0, 7)) rememberAirport(airport);
    const recent = storage.get('airData') ?? [];
    expect(RECENT_AIRPORTS_MAX).toBe(5);
    expect(recent.map((a) => a.iataCode)).toEqual(
      airportsFixture
        .slice(2, 7)
        .reverse()
        .map((a) => a.iataCode),
    );
  });

  it('moves an airport picked again to the front instead of repeating it', () => {
    rememberAirport(findAirport('LHR'));
    rememberAirport(findAirport('MAN'));
    rememberAirport(findAirport('ZRH'));
    rememberAirport(findAirport('LHR'));
    expect(storage.get('airData')?.map((a) => a.iataCode)).toEqual(['LHR', 'ZRH', 'MAN']);
  });

  it('stays in localStorage, so it survives a reload', () => {
    rememberAirport(findAirport('LGW'));
    expect(JSON.parse(window.localStorage.getItem('airData') ?? '[]')).toMatchObject([
      { iataCode: 'LGW' },
    ]);
  });

  it('is a pure list operation', () => {
    const list = [findAirport('LHR'), findAirport('LGW')];
    expect(withRecentAirport(list, findAirport('LGW')).map((a) => a.iataCode)).toEqual([
      'LGW',
      'LHR',
    ]);
    expect(list.map((a) => a.iataCode)).toEqual(['LHR', 'LGW']);
  });
});
