import { calls } from '@portal/contract';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countries } from '../../db/schema';
import { registerCall } from '../../plugins/calls';

export function registerCountryList(app: FastifyInstance): void {
  registerCall(app, calls.countryListTelCode, async () => {
    const rows = await app.db.select().from(countries).orderBy(asc(countries.name));
    return rows.map((r) => ({ name: r.name, telabbr: r.dialCode, ios2: r.iso2 }));
  });
}
