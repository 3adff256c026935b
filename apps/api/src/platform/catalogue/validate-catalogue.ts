import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { airports } from '../../db/schema';
import { catalogueProductSchema, type CatalogueProduct } from './catalogue-product';

export interface RowProblem {
  /** Index of the row in the file's `products`, from 0. */
  row: number;
  id: string | null;
  field: string;
  message: string;
}

export type CatalogueCheck =
  { ok: true; products: CatalogueProduct[] } | { ok: false; problems: RowProblem[] };

const MAX_PROBLEMS = 200;

function idOf(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || !('id' in row)) return null;
  return typeof row.id === 'string' ? row.id : null;
}

/**
 * Checks every row of an import: its shape, ids unique within the file, and airports we know.
 * Answers every problem found (up to a limit), so a file can be fixed in one pass.
 */
export async function validateCatalogue(tx: Tx, rows: readonly unknown[]): Promise<CatalogueCheck> {
  const problems: RowProblem[] = [];
  const products: CatalogueProduct[] = [];
  const firstRowOfId = new Map<string, number>();
  rows.forEach((raw, row) => {
    const parsed = catalogueProductSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({
          row,
          id: idOf(raw),
          field: issue.path.join('.') || '(row)',
          message: issue.message,
        });
      }
      return;
    }
    const earlier = firstRowOfId.get(parsed.data.id);
    if (earlier !== undefined) {
      problems.push({
        row,
        id: parsed.data.id,
        field: 'id',
        message: `repeats the id of row ${earlier}`,
      });
      return;
    }
    firstRowOfId.set(parsed.data.id, row);
    products.push(parsed.data);
  });

  const codes = [...new Set(products.map((p) => p.airportCode))];
  if (codes.length > 0) {
    const known = await tx
      .select({ iataCode: airports.iataCode })
      .from(airports)
      .where(inArray(airports.iataCode, codes));
    const knownCodes = new Set(known.map((a) => a.iataCode));
    for (const p of products) {
      if (!knownCodes.has(p.airportCode)) {
        problems.push({
          row: firstRowOfId.get(p.id) ?? -1,
          id: p.id,
          field: 'airportCode',
          message: `no airport has the IATA code ${p.airportCode}`,
        });
      }
    }
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  }
  return { ok: true, products };
}
