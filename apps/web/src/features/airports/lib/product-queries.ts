import type {
  Paged,
  ProductDetail,
  ProductFilter,
  ProductKind,
  ProductSummary,
} from '@portal/contract';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { getDiningDetailQueryOptions } from '../api/get-dining-detail';
import { getDiningQueryOptions } from '../api/get-dining-list';
import { getFastTrackQueryOptions } from '../api/get-fast-track-list';
import { getLoungeDetailQueryOptions } from '../api/get-lounge-detail';
import { getLoungesQueryOptions } from '../api/get-lounge-list';
import { getSpaDetailQueryOptions } from '../api/get-spa-detail';
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

type DetailOptions = UseQueryOptions<ProductDetail>;

/** The detail call of each kind that has one (fast track has none: see the detail page). */
export function productDetailQueryOptions(
  kind: Exclude<ProductKind, 'fast-track'>,
  id: string,
): DetailOptions {
  switch (kind) {
    case 'lounge':
      return getLoungeDetailQueryOptions(id) as DetailOptions;
    case 'dining':
      return getDiningDetailQueryOptions(id) as DetailOptions;
    case 'spa':
      return getSpaDetailQueryOptions(id) as DetailOptions;
  }
}
