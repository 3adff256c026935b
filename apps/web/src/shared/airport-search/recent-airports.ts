import { RECENT_AIRPORTS_MAX, type Airport } from '@portal/contract';
import { storage } from '../storage/storage';
import { useStorageValue } from '../storage/use-storage-value';

/** The list with `airport` first, without its earlier copy, at most RECENT_AIRPORTS_MAX long. */
export function withRecentAirport(recent: readonly Airport[], airport: Airport): Airport[] {
  return [airport, ...recent.filter((a) => a.iataCode !== airport.iataCode)].slice(
    0,
    RECENT_AIRPORTS_MAX,
  );
}

/** Remembers a picked airport on this device (airData, spec section 4), most recent first. */
export function rememberAirport(airport: Airport): void {
  storage.set('airData', withRecentAirport(storage.get('airData') ?? [], airport));
}

const none: readonly Airport[] = [];

export function useRecentAirports(): readonly Airport[] {
  return useStorageValue('airData') ?? none;
}
