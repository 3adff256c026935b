import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { callOps } from '../ops-client';

interface ImportAnswer {
  mode: string;
  products: number;
  airports: number;
  inserted: number;
  updated: number;
  deactivated: number;
}

/** A file holds `{ "products": [...] }` (what export-catalogue writes) or a bare array. */
function productsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (
    typeof data === 'object' &&
    data !== null &&
    'products' in data &&
    Array.isArray(data.products)
  )
    return data.products;
  throw new Error('The file must hold {"products": [...]} or an array of products.');
}

export async function importCatalogue(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { file: { type: 'string' }, replace: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.file) throw new Error('--file is required (a JSON catalogue, e.g. --file lhr.json).');
  let data: unknown;
  try {
    data = JSON.parse(await fs.readFile(values.file, 'utf8'));
  } catch (err) {
    throw new Error(
      `Cannot read ${values.file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const answer = (await callOps('POST', '/ops-api/catalogue/import', {
    products: productsOf(data),
    mode: values.replace ? 'replace' : 'upsert',
  })) as ImportAnswer;
  process.stdout.write(
    `Imported ${answer.products} products at ${answer.airports} airports: ` +
      `${answer.inserted} new, ${answer.updated} updated, ${answer.deactivated} withdrawn.\n`,
  );
}

export async function exportCatalogue(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { airport: { type: 'string' }, kind: { type: 'string' }, file: { type: 'string' } },
    strict: true,
  });
  const query = new URLSearchParams();
  if (values.airport) query.set('airport', values.airport);
  if (values.kind) query.set('kind', values.kind);
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  const answer = (await callOps('GET', `/ops-api/catalogue/export${suffix}`)) as {
    products: unknown[];
  };
  const text = `${JSON.stringify(answer, null, 2)}\n`;
  if (!values.file) {
    process.stdout.write(text);
    return;
  }
  await fs.writeFile(values.file, text);
  process.stdout.write(`Wrote ${answer.products.length} products to ${values.file}.\n`);
}
