import { describe, expect, it } from 'vitest';
import { airportsFixture } from '@/testing/airports';
import { buildAirportIndex, searchAirports } from '../index';

const index = buildAirportIndex(airportsFixture);
const codes = (query: string, limit?: number) =>
  searchAirports(index, query, limit).map((a) => a.iataCode);

describe('searchAirports', () => {
  it('finds the London airports for "lon", Heathrow first, before other names with "lon"', () => {
    const found = codes('lon');
    expect(found.slice(0, 2)).toEqual(['LHR', 'LGW']);
    // The metro code LON ranks the London airports above cities that merely start with "lon".
    expect(found.slice(0, 4).sort()).toEqual(['LCY', 'LGW', 'LHR', 'SEN']);
    expect(found.indexOf('YXU')).toBeLessThan(found.indexOf('LGB'));
    // "Salon" holds "lon" but not at the start of a word: last.
    expect(found.at(-1)).toBe('XLN');
  });

  it('puts an exact IATA code first', () => {
    expect(codes('man')[0]).toBe('MAN');
    expect(codes('LHR')).toEqual(['LHR']);
    expect(codes('lh')[0]).toBe('LHR');
  });

  it('matches an ICAO code only whole: "JFK" is not Kagoshima (RJFK)', () => {
    const list = [
      ...airportsFixture,
      {
        ...airportsFixture[0]!,
        iataCode: 'KOJ',
        code: 'RJFK',
        name: 'Kagoshima Airport',
        city: 'Kagoshima',
        country: 'JP',
        countryName: 'Japan',
      },
      {
        ...airportsFixture[0]!,
        iataCode: 'JFK',
        code: 'KJFK',
        name: 'John F Kennedy International Airport',
        city: 'New York',
      },
    ];
    const search = (q: string) => searchAirports(buildAirportIndex(list), q).map((a) => a.iataCode);
    expect(search('JFK')).toEqual(['JFK']);
    expect(search('rjfk')).toEqual(['KOJ']);
    expect(search('KJF')).toEqual([]);
  });

  it('matches case- and accent-insensitively', () => {
    expect(codes('ZURICH')).toEqual(['ZRH']);
    expect(codes('sao paulo')).toEqual(['GRU']);
    expect(codes('São')).toEqual(['GRU']);
  });

  it('matches a city, a word of the name, a keyword and the country', () => {
    expect(codes('paris').slice(0, 2)).toEqual(['CDG', 'ORY']);
    expect(codes('gatwick')).toEqual(['LGW']);
    expect(codes('londres')).toEqual(['LHR']);
    expect(codes('switzerland')).toEqual(['ZRH']);
    expect(codes('CH')).toContain('ZRH');
  });

  it('needs every word of a query with several', () => {
    expect(codes('london city')).toEqual(['LCY']);
    expect(codes('heathrow london')).toEqual(['LHR']);
  });

  it('answers at most `limit` airports, none for an empty query or no match', () => {
    expect(codes('a', 3)).toHaveLength(3);
    expect(codes('   ')).toEqual([]);
    expect(codes('qqqq')).toEqual([]);
  });
});
