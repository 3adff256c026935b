import type { Airport } from '@portal/contract';
import { useMemo } from 'react';
import { buildAirportIndex, searchAirports, type AirportIndex } from './airport-index';
import { useAirportList } from './get-airport-list';

const indexes = new WeakMap<readonly Airport[], AirportIndex>();

/** The index of a list, built on first use (the first keystroke) and kept while the list is. */
function indexOf(list: readonly Airport[]): AirportIndex {
  let index = indexes.get(list);
  if (!index) {
    index = buildAirportIndex(list);
    indexes.set(list, index);
  }
  return index;
}

/** The airports matching a query, from the cached list (fetched once `fetchList` is true). */
export function useAirportSearch(query: string, limit = 10, fetchList = true) {
  const list = useAirportList(fetchList);
  const data = list.data;
  const results = useMemo(
    () => (data && query.trim() !== '' ? searchAirports(indexOf(data), query, limit) : []),
    [data, query, limit],
  );
  return { results, list, ready: data !== undefined };
}
