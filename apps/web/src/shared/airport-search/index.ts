export { buildAirportIndex, searchAirports, type AirportIndex } from './airport-index';
export { normaliseText } from '../lib/normalise-text';
