import { calls } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { countries } from '../../db/schema';
import { registerCall } from '../../plugins/calls';

/** Names as a British reader alphabetises them: "Åland Islands" by A, "Türkiye" by T. */
const byName = new Intl.Collator('en-GB', { sensitivity: 'base' });

export function registerCountryList(app: FastifyInstance): void {
  registerCall(app, calls.countryListTelCode, async () => {
    // Sorted here, not by the database: its collation (C on the embedded one) puts accented
    // names after "Zimbabwe".
    const rows = await app.db.select().from(countries);
    return rows
      .sort((a, b) => byName.compare(a.name, b.name))
      .map((r) => ({ name: r.name, telabbr: r.dialCode, ios2: r.iso2 }));
  });
}
