import { iataCodeSchema, productKindSchema } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products } from '../../db/schema';
import {
  catalogueProductOf,
  catalogueVersions,
  deactivateOthers,
  PRODUCTS,
  upsertProducts,
  validateCatalogue,
} from '../products/index';
import { endLaneHolds } from '../prebooking/index';
import { opsDoc, type OpsAccessCheck } from './ops-auth';
import { opsFailure } from './ops-failure';

export const CATALOGUE_BODY_LIMIT = 20 * 1024 * 1024;

const importBody = z
  .object({
    products: z.array(z.unknown()).min(1).max(50_000),
    /** upsert: add and update the rows given. replace: also withdraw every other product of
     *  the airports in the file, so the file becomes those airports' whole catalogue. */
    mode: z.enum(['upsert', 'replace']).default('upsert'),
  })
  .strict();

const exportQuery = z
  .object({ airport: iataCodeSchema.optional(), kind: productKindSchema.optional() })
  .strict();

/** Loading real data: import a catalogue file, and export one in the same shape. */
export function registerCatalogueRoutes(app: FastifyInstance, onRequest: OpsAccessCheck): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/ops-api/catalogue/import',
    {
      onRequest,
      bodyLimit: CATALOGUE_BODY_LIMIT,
      schema: {
        body: importBody,
        ...opsDoc(
          'importCatalogue',
          "Imports a catalogue file: adds and updates its products (replace: also withdraws the rest of its airports').",
        ),
      },
    },
    async (request, reply) => {
      const { mode } = request.body;
      const outcome = await app.db.transaction(async (tx) => {
        const checked = await validateCatalogue(tx, request.body.products);
        if (!checked.ok) return checked;
        const counts = await upsertProducts(tx, checked.products, 'import');
        const airportCodes = [...new Set(checked.products.map((p) => p.airportCode))];
        const deactivated =
          mode === 'replace'
            ? await deactivateOthers(
                tx,
                airportCodes,
                checked.products.map((p) => p.id),
              )
            : 0;
        return {
          ok: true as const,
          products: checked.products.length,
          airports: airportCodes.length,
          ...counts,
          deactivated,
        };
      });
      if (!outcome.ok) {
        return reply
          .status(400)
          .send(
            opsFailure(
              'invalid-catalogue',
              `The catalogue has ${outcome.problems.length} problem(s); nothing was imported.`,
              { problems: outcome.problems },
            ),
          );
      }
      const { ok: _ok, ...counts } = outcome;
      // Lists answered from the cache would show the old catalogue until the minute moved; the
      // bookable products kept are read again (the writes counted before the commit, too).
      app.productLists.invalidate();
      catalogueVersions.moved(PRODUCTS);
      request.log.info({ mode, ...counts }, 'catalogue imported');
      return { mode, ...counts };
    },
  );

  api.get(
    '/ops-api/catalogue/export',
    {
      onRequest,
      schema: {
        querystring: exportQuery,
        ...opsDoc(
          'exportCatalogue',
          "The active catalogue in the import's shape, by airport and kind.",
        ),
      },
    },
    async (request) => {
      const { airport, kind } = request.query;
      const rows = await app.db
        .select()
        .from(products)
        .where(
          and(
            eq(products.active, true),
            airport ? eq(products.airportCode, airport) : undefined,
            kind ? eq(products.kind, kind) : undefined,
          ),
        )
        .orderBy(asc(products.airportCode), asc(products.kind), asc(products.id));
      return { products: rows.map(catalogueProductOf) };
    },
  );

  // A fast-track lane's sales paused or resumed (an airport stopped selling it): new bookings
  // answer 'Lane not available'; the bookings already sold stand; pausing ends the lane's
  // unpaid holds (released, their unpaid orders closed: issue 61).
  api.post(
    '/ops-api/catalogue/fast-track-sales',
    {
      onRequest,
      schema: {
        body: z.object({ code: z.string().min(1).max(40), paused: z.boolean() }).strict(),
        ...opsDoc('setFastTrackSales', "Pauses or resumes a fast-track lane's sales."),
      },
    },
    async (request, reply) => {
      const { code, paused } = request.body;
      const [lane] = await app.db
        .update(products)
        .set({ salesPaused: paused })
        .where(and(eq(products.id, code), eq(products.kind, 'fast-track')))
        .returning({ id: products.id, salesPaused: products.salesPaused });
      catalogueVersions.moved(PRODUCTS);
      if (!lane)
        return reply.status(404).send(opsFailure('unknown-lane', 'No such fast-track lane.'));
      // After the pause is committed: a payment reading the lane from now on is refused.
      const holdsEnded = paused ? await endLaneHolds(app.db, lane.id, app.clock.now()) : 0;
      request.log.info({ code, paused, holdsEnded }, 'fast-track sales set');
      return { code: lane.id, salesPaused: lane.salesPaused, holdsEnded };
    },
  );
}
