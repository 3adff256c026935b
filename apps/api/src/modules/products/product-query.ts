import type {
  Facility,
  Paged,
  ProductDetail,
  ProductKind,
  ProductSummary,
  Side,
} from '@portal/contract';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airports, products } from '../../db/schema';
import { localMoment, type LocalMoment } from '../../platform/local-time';
import { productDetail, productSummary } from './product-view';

export interface ProductQuery {
  kind: ProductKind;
  airportCode: string;
  terminal?: string | undefined;
  side?: Side | undefined;
  /** Every one must be offered. */
  facilities?: readonly Facility[] | undefined;
  openNow?: boolean | undefined;
  keyword?: string | undefined;
  page: number;
  pageSize: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Open at the airport's local weekday and time; "HH:MM" strings compare in byte order. */
function openAt(moment: LocalMoment): SQL {
  return sql`exists (
    select 1 from jsonb_array_elements(${products.weeklyHours} -> ${moment.weekday}::text) as period
    where (period ->> 'open') collate "C" <= ${moment.time}
      and ${moment.time} < (period ->> 'close') collate "C")`;
}

function conditions(query: ProductQuery, moment: LocalMoment): SQL | undefined {
  return and(
    eq(products.airportCode, query.airportCode),
    eq(products.kind, query.kind),
    eq(products.active, true),
    query.terminal ? sql`lower(${products.terminal}) = lower(${query.terminal})` : undefined,
    query.side ? eq(products.side, query.side) : undefined,
    query.facilities?.length
      ? sql`${products.facilities} @> ${JSON.stringify(query.facilities)}::jsonb`
      : undefined,
    query.keyword ? sql`${products.name} ilike ${likePattern(query.keyword)}` : undefined,
    query.openNow ? openAt(moment) : undefined,
  );
}

/**
 * One airport's products of one kind that match the filters, best ranked first, paged. An
 * airport we do not know has nothing to list.
 */
export async function findProducts(
  db: Db,
  query: ProductQuery,
  now: Date,
): Promise<Paged<ProductSummary>> {
  const empty = { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  const [airport] = await db
    .select({ timeZone: airports.timeZone })
    .from(airports)
    .where(eq(airports.iataCode, query.airportCode));
  if (!airport) return empty;
  const moment = localMoment(now, airport.timeZone);
  const where = conditions(query, moment);
  const [counted] = await db.select({ total: count() }).from(products).where(where);
  const total = counted?.total ?? 0;
  if (total === 0) return empty;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.rank), asc(products.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((row) => productSummary(row, moment)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One active product of the kind, in full; undefined when there is none. */
export async function findProduct(
  db: Db,
  kind: ProductKind,
  id: string,
  now: Date,
): Promise<ProductDetail | undefined> {
  const [found] = await db
    .select({
      product: products,
      airport: { name: airports.name, city: airports.city, timeZone: airports.timeZone },
    })
    .from(products)
    .innerJoin(airports, eq(airports.iataCode, products.airportCode))
    .where(and(eq(products.id, id), eq(products.kind, kind), eq(products.active, true)));
  if (!found) return undefined;
  return productDetail(found.product, found.airport, localMoment(now, found.airport.timeZone));
}
