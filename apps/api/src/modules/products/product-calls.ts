import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { registerCall } from '../../plugins/calls';
import { findProduct, findProducts } from './product-query';

/** The list, filter and detail calls of each kind that has all three. */
const KINDS = [
  {
    kind: 'lounge',
    list: calls.loungeList,
    filter: calls.loungeFilter,
    detail: calls.loungeDetail,
  },
  {
    kind: 'dining',
    list: calls.diningList,
    filter: calls.diningFilter,
    detail: calls.diningDetail,
  },
  { kind: 'spa', list: calls.spaList, filter: calls.spaFilter, detail: calls.spaDetail },
] as const;

export function registerProductCalls(app: FastifyInstance): void {
  for (const { kind, list, filter, detail } of KINDS) {
    registerCall(app, list, ({ payload }) =>
      findProducts(app.db, { kind, ...payload }, app.clock.now()),
    );
    registerCall(app, filter, ({ payload }) =>
      findProducts(app.db, { kind, ...payload }, app.clock.now()),
    );
    registerCall(app, detail, async ({ payload }) => {
      const product = await findProduct(app.db, kind, payload.id.toUpperCase(), app.clock.now());
      if (!product) throw new CallError('notFound');
      return product;
    });
  }
  registerCall(app, calls.fastTrackList, ({ payload }) =>
    findProducts(app.db, { kind: 'fast-track', ...payload }, app.clock.now()),
  );
}
