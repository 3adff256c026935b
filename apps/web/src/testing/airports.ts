import type { Airport } from '@portal/contract';

const airport = (
  iataCode: string,
  name: string,
  city: string,
  country: string,
  countryName: string,
  extra: Partial<Airport> = {},
): Airport => ({
  iataCode,
  name,
  city,
  country,
  countryName,
  code: `X${iataCode}`,
  keywords: '',
  timeZone: 'Europe/London',
  ...extra,
});

/** A small list with the cases the search must rank: London airports among other "lon" names. */
export const airportsFixture: Airport[] = [
  airport('LGB', 'Long Beach Airport', 'Long Beach', 'US', 'United States', { code: 'KLGB' }),
  airport('YXU', 'London International Airport', 'London', 'CA', 'Canada', { code: 'CYXU' }),
  airport('LDB', 'Governador José Richa Airport', 'Londrina', 'BR', 'Brazil', { code: 'SBLO' }),
  airport('SEN', 'London Southend Airport', 'Southend', 'GB', 'United Kingdom', {
    code: 'EGMC',
    keywords: 'LON',
  }),
  airport('LCY', 'London City Airport', 'London', 'GB', 'United Kingdom', {
    code: 'EGLC',
    keywords: 'LON',
  }),
  airport('LGW', 'London Gatwick Airport', 'London', 'GB', 'United Kingdom', {
    code: 'EGKK',
    keywords: 'LON, London Gatwick',
  }),
  airport('LHR', 'London Heathrow Airport', 'London', 'GB', 'United Kingdom', {
    code: 'EGLL',
    keywords: 'LON, Londres',
  }),
  airport('ZRH', 'Zürich Airport', 'Zürich', 'CH', 'Switzerland', { code: 'LSZH' }),
  airport('GRU', 'São Paulo/Guarulhos International Airport', 'São Paulo', 'BR', 'Brazil', {
    code: 'SBGR',
  }),
  airport('MAN', 'Manchester Airport', 'Manchester', 'GB', 'United Kingdom', { code: 'EGCC' }),
  airport('IOM', 'Isle of Man Airport', 'Castletown', 'IM', 'Isle of Man', { code: 'EGNS' }),
  airport('CDG', 'Charles de Gaulle International Airport', 'Paris', 'FR', 'France', {
    code: 'LFPG',
    keywords: 'PAR',
  }),
  airport('ORY', 'Paris-Orly Airport', 'Paris', 'FR', 'France', { code: 'LFPO', keywords: 'PAR' }),
  airport('PRX', 'Cox Field', 'Paris', 'US', 'United States', { code: 'KPRX' }),
  airport('XLN', 'Salon Airfield', 'Salon', 'FR', 'France', { code: 'FR-0001' }),
];

export const findAirport = (code: string): Airport => {
  const found = airportsFixture.find((a) => a.iataCode === code);
  if (!found) throw new Error(`no fixture airport ${code}`);
  return found;
};
