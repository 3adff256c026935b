import type { Random } from '../../../platform/seeded-random';

/** Real terminal names where a made-up "Terminal 2" would look wrong to a traveller. */
const KNOWN_TERMINALS: Record<string, readonly string[]> = {
  LHR: ['Terminal 2', 'Terminal 3', 'Terminal 4', 'Terminal 5'],
  LGW: ['North Terminal', 'South Terminal'],
  MAN: ['Terminal 1', 'Terminal 2', 'Terminal 3'],
  EDI: ['Main Terminal'],
  STN: ['Main Terminal'],
  BHX: ['Main Terminal'],
  GLA: ['Main Terminal'],
  DUB: ['Terminal 1', 'Terminal 2'],
  DXB: ['Terminal 1', 'Terminal 2', 'Terminal 3'],
  DOH: ['Main Terminal'],
  AUH: ['Terminal A'],
  JFK: ['Terminal 1', 'Terminal 4', 'Terminal 5', 'Terminal 7', 'Terminal 8'],
  EWR: ['Terminal A', 'Terminal B', 'Terminal C'],
  BOS: ['Terminal A', 'Terminal B', 'Terminal C', 'Terminal E'],
  LAX: ['Tom Bradley International Terminal', 'Terminal 4', 'Terminal 5', 'Terminal 7'],
  SFO: ['International Terminal', 'Terminal 1', 'Terminal 2', 'Terminal 3'],
  ORD: ['Terminal 1', 'Terminal 2', 'Terminal 3', 'Terminal 5'],
  ATL: ['Domestic Terminal', 'International Terminal'],
  YYZ: ['Terminal 1', 'Terminal 3'],
  CDG: ['Terminal 1', 'Terminal 2A', 'Terminal 2C', 'Terminal 2E', 'Terminal 2F', 'Terminal 3'],
  AMS: ['Departure Lounge 1', 'Departure Lounge 2', 'Departure Lounge 3'],
  FRA: ['Terminal 1', 'Terminal 2'],
  MUC: ['Terminal 1', 'Terminal 2'],
  MAD: ['Terminal 1', 'Terminal 2', 'Terminal 4', 'Terminal 4S'],
  BCN: ['Terminal 1', 'Terminal 2'],
  FCO: ['Terminal 1', 'Terminal 3'],
  IST: ['Main Terminal'],
  ZRH: ['Terminal 1', 'Terminal 2'],
  SIN: ['Terminal 1', 'Terminal 2', 'Terminal 3', 'Terminal 4'],
  HKG: ['Terminal 1'],
  BKK: ['Main Terminal'],
  ICN: ['Terminal 1', 'Terminal 2'],
  NRT: ['Terminal 1', 'Terminal 2', 'Terminal 3'],
  HND: ['Terminal 1', 'Terminal 2', 'Terminal 3'],
  SYD: ['T1 International', 'T2 Domestic', 'T3 Domestic'],
  DEL: ['Terminal 1', 'Terminal 2', 'Terminal 3'],
  BOM: ['Terminal 1', 'Terminal 2'],
};

/** Airports that get more lounges, dining, spa and a fast-track lane per terminal. */
const HUBS = new Set([
  ...Object.keys(KNOWN_TERMINALS),
  'ATH',
  'CPH',
  'OSL',
  'ARN',
  'HEL',
  'VIE',
  'BRU',
  'LIS',
  'MXP',
  'PRG',
  'WAW',
  'MIA',
  'DFW',
  'DEN',
  'SEA',
  'IAD',
  'YVR',
  'MEX',
  'GRU',
  'JNB',
  'CAI',
  'KUL',
  'CGK',
  'MNL',
  'PEK',
  'PVG',
  'CAN',
  'TPE',
  'MEL',
  'BNE',
  'AKL',
]);

/** The busiest of the hubs, which a UK cardholder flies through most. */
const MAJOR_HUBS = new Set([
  'LHR',
  'LGW',
  'MAN',
  'DXB',
  'JFK',
  'CDG',
  'AMS',
  'FRA',
  'SIN',
  'HKG',
  'DOH',
  'IST',
]);

export function isMajorHub(iataCode: string): boolean {
  return MAJOR_HUBS.has(iataCode);
}

export function isHub(iataCode: string): boolean {
  return HUBS.has(iataCode);
}

export function terminalsOf(iataCode: string, r: Random): readonly string[] {
  const known = KNOWN_TERMINALS[iataCode];
  if (known) return known;
  const roll = r.next();
  if (roll < 0.45) return ['Main Terminal'];
  if (roll < 0.8) return ['Terminal 1', 'Terminal 2'];
  if (roll < 0.9) return ['Terminal 1', 'Terminal 2', 'Terminal 3'];
  return ['International Terminal', 'Domestic Terminal'];
}
