import { useMemo } from 'react';
import { useAirportList } from '@/shared/airport-search/get-airport-list';

/** One airport from the cached list, by IATA code. */
export function useAirport(code: string) {
  const list = useAirportList();
  const upper = code.toUpperCase();
  const airport = useMemo(() => list.data?.find((a) => a.iataCode === upper), [list.data, upper]);
  return { airport, isPending: list.isPending, isError: list.isError };
}
