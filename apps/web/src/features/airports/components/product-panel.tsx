import type { ProductFilter, ProductKind } from '@portal/contract';
import { useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useAirportProductFilter } from '../api/get-airport-product-filter';
import { AIRPORTS_NS } from '../i18n';
import { useProductList } from '../lib/product-queries';
import { Pager } from './pager';
import { ProductCard } from './product-card';
import { emptyFilters, ProductFilters, type FilterValues } from './product-filters';

const PAGE_SIZE = 12;

interface ProductPanelProps {
  kind: ProductKind;
  airportCode: string;
  airportName: string;
}

/** One tab of the airport page: its filters, one page of offers, and the pages. */
export function ProductPanel({ kind, airportCode, airportName }: ProductPanelProps) {
  const { t } = useTranslation(AIRPORTS_NS);
  const heading = useRef<HTMLHeadingElement>(null);
  const [filters, setFilters] = useState<FilterValues>(emptyFilters);
  const [page, setPage] = useState(1);
  const choices = useAirportProductFilter(airportCode, kind).data;

  const payload: ProductFilter = {
    airportCode,
    page,
    pageSize: PAGE_SIZE,
    ...(filters.terminal ? { terminal: filters.terminal } : {}),
    ...(filters.side ? { side: filters.side } : {}),
    ...(filters.facilities.length > 0 ? { facilities: filters.facilities } : {}),
    ...(filters.openNow ? { openNow: true } : {}),
  };
  const list = useProductList(kind, payload);
  const data = list.data;

  const changeFilters = (next: FilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const changePage = (next: number) => {
    setPage(next);
    heading.current?.focus();
  };

  return (
    <div className="product-panel">
      <h2 className="product-panel__title" ref={heading} tabIndex={-1}>
        {t(`panel.title.${kind}`, { airport: airportName })}
      </h2>
      {choices ? (
        <ProductFilters kind={kind} choices={choices} value={filters} onChange={changeFilters} />
      ) : null}
      <p role="status" className="product-panel__count">
        {list.isPending
          ? t('panel.loading')
          : list.isError
            ? t('panel.loadFailed')
            : t(`panel.count.${kind}`, { count: data?.total ?? 0 })}
      </p>
      {data && data.items.length === 0 ? (
        <p className="product-panel__empty">{t(`panel.empty.${kind}`)}</p>
      ) : null}
      {data && data.items.length > 0 ? (
        <ul className="card-grid" aria-busy={list.isPlaceholderData}>
          {data.items.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pager
          label={t(`panel.pagerLabel.${kind}`)}
          page={data.page}
          pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))}
          onPage={changePage}
        />
      ) : null}
    </div>
  );
}
