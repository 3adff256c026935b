import { calls } from '@portal/contract';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { airports, products } from '../../db/schema';
import { registerCall } from '../../plugins/calls';
import { artUrl } from '../../platform/art-url';

/** The airports with the most active products; ties go to the earlier IATA code. */
export function registerPopularPlaces(app: FastifyInstance): void {
  registerCall(app, calls.popularPlaces, async ({ payload }) => {
    const rows = await app.db
      .select({
        iataCode: airports.iataCode,
        name: airports.name,
        city: airports.city,
        country: airports.country,
        countryName: airports.countryName,
        products: count(products.id),
      })
      .from(products)
      .innerJoin(airports, eq(airports.iataCode, products.airportCode))
      .where(eq(products.active, true))
      .groupBy(airports.iataCode)
      .orderBy(desc(count(products.id)), asc(airports.iataCode))
      .limit(payload.limit);
    return rows.map((row) => ({ ...row, image: artUrl('place', row.iataCode) }));
  });
}
