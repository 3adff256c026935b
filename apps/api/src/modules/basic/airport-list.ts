import { calls, type Airport } from '@portal/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { airports } from '../../db/schema';
import { encodeAnswer, sendEncoded, type EncodedAnswer } from '../../platform/encoded-answer';
import { answerBody, registerCall } from '../../plugins/calls';

declare module 'fastify' {
  interface FastifyInstance {
    /** The serialised airport list, built once; drop it when airports change. */
    airportList: {
      get(): Promise<EncodedAnswer>;
      /** Whether `answer` is the list kept now (not dropped since). */
      holds(answer: EncodedAnswer): boolean;
      invalidate(): void;
    };
  }
}

/** Compressed once at the best levels, since every visitor's browser asks for the whole list. */
async function buildList(db: Db): Promise<EncodedAnswer> {
  const rows = await db.select().from(airports).orderBy(asc(airports.iataCode));
  const result: Airport[] = rows.map((r) => ({
    name: r.name,
    iataCode: r.iataCode,
    city: r.city,
    country: r.country,
    countryName: r.countryName,
    code: r.code,
    keywords: r.keywords,
    timeZone: r.timeZone,
  }));
  const list = encodeAnswer(answerBody(calls.airportListV2)(result), 'kept');
  list.encoded('br');
  list.encoded('gzip');
  return list;
}

export const airportListPlugin = fp(
  (app: FastifyInstance) => {
    let pending: Promise<EncodedAnswer> | undefined;
    let built: EncodedAnswer | undefined;
    app.decorate('airportList', {
      get: () => {
        const building = (pending ??= buildList(app.db).then(
          (list) => {
            if (pending === building) built = list;
            return list;
          },
          (err: unknown) => {
            pending = undefined;
            throw err;
          },
        ));
        return building;
      },
      holds: (answer) => built === answer,
      invalidate: () => {
        pending = undefined;
        built = undefined;
      },
    });

    registerCall(
      app,
      calls.airportListV2,
      async ({ request, reply }) => {
        const list = await app.airportList.get();
        return sendEncoded(request, reply, list, () => app.airportList.holds(list));
      },
      { fastRead: true },
    );
  },
  { name: 'airport-list', dependencies: ['platform'] },
);
