import { calls, type ProductKind } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../platform/call-error';
import { sendEncoded } from '../../platform/encoded-answer';
import { answerBody, registerCall } from '../../plugins/calls';
import { findProduct, findProducts, type ProductQuery } from './product-query';
import { minuteOf } from './product-list-cache';

/** The list, filter and detail calls of each kind that has all three (fast track has no filter). */
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

/** The detail call of every kind. */
const DETAILS = [
  ...KINDS.map(({ kind, detail }) => ({ kind, detail })),
  { kind: 'fast-track', detail: calls.fastTrackDetail },
] as const;

type ListCall =
  (typeof KINDS)[number]['list'] | (typeof KINDS)[number]['filter'] | typeof calls.fastTrackList;

/**
 * A product list is the same for every visitor in a given minute: it is answered from
 * `app.productLists`, serialised through the call's result schema as any answer is.
 */
function registerListCall(app: FastifyInstance, kind: ProductKind, call: ListCall): void {
  const toBody = answerBody(call);
  registerCall(
    app,
    call,
    async ({ payload, request, reply }) => {
      const now = app.clock.now();
      const query: ProductQuery = { kind, ...payload };
      const key = `${call.path} ${JSON.stringify(payload)}`;
      const minute = minuteOf(now);
      const answer = await app.productLists.get(key, minute, async () =>
        toBody(await findProducts(app.db, query, now)),
      );
      // Current while the cache holds it and the clock is in its minute.
      return sendEncoded(request, reply, answer, () => {
        const at = minuteOf(app.clock.now());
        return at === minute && app.productLists.holds(key, at, answer);
      });
    },
    { fastRead: true },
  );
}

export function registerProductCalls(app: FastifyInstance): void {
  for (const { kind, list, filter } of KINDS) {
    registerListCall(app, kind, list);
    registerListCall(app, kind, filter);
  }
  registerListCall(app, 'fast-track', calls.fastTrackList);
  for (const { kind, detail } of DETAILS) {
    registerCall(app, detail, async ({ payload }) => {
      const product = await findProduct(app.db, kind, payload.id.toUpperCase(), app.clock.now());
      if (!product) throw new CallError('notFound');
      return product;
    });
  }
}
