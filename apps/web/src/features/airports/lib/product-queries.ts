import type { Paged, ProductFilter, ProductKind, ProductSummary } from '@portal/contract';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { getDiningQueryOptions } from '../api/get-dining-list';
import { getFastTrackQueryOptions } from '../api/get-fast-track-list';
import { getLoungesQueryOptions } from '../api/get-lounge-list';
import { getSpaQueryOptions } from '../api/get-spa-list';

type ListOptions = UseQueryOptions<Paged<ProductSummary>>;

/** The list call of each kind; fast track filters by terminal only. */
export function productListQueryOptions(kind: ProductKind, filter: ProductFilter): ListOptions {
  switch (kind) {
    case 'lounge':
      return getLoungesQueryOptions(filter) as ListOptions;
    case 'dining':
      return getDiningQueryOptions(filter) as ListOptions;
    case 'spa':
      return getSpaQueryOptions(filter) as ListOptions;
    case 'fast-track': {
      const { airportCode, terminal, page, pageSize } = filter;
      return getFastTrackQueryOptions({ airportCode, terminal, page, pageSize }) as ListOptions;
    }
  }
}

export const useProductList = (kind: ProductKind, filter: ProductFilter) =>
  useQuery(productListQueryOptions(kind, filter));
