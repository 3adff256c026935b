import { messageKey } from './message-key';
import { requiredString } from './required';

/**
 * An airline designator, IATA (two letters or digits, not both digits) or ICAO (three
 * letters), then 1 to 4 digits and an optional suffix letter. Spaces or a hyphen may separate
 * the designator from the digits.
 */
const FLIGHT_NUMBER_PATTERN = /^(?:[A-Z]{3}|(?!\d{2})[A-Z\d]{2})[\s-]*\d{1,4}[A-Z]?$/i;

export function isValidFlightNumber(input: string): boolean {
  return FLIGHT_NUMBER_PATTERN.test(input.trim());
}

/** Upper case, separators removed: " ba 0123 " -> "BA0123". */
export function normaliseFlightNumber(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Required and valid; outputs the normalised flight number. */
export const flightNumberSchema = requiredString()
  .regex(FLIGHT_NUMBER_PATTERN, messageKey('booking-error-flight'))
  .overwrite(normaliseFlightNumber);
