import { performance } from 'node:perf_hooks';
import { benchStatements } from './api/statements';
import { statementBudgets, type StatementBudget } from './statement-budgets';

/**
 * The statement budgets on their own (`npm run bench:statements`): each hot call's SQL
 * statements and round trips (bench/api/statements.ts) beside its ceiling
 * (statement-budgets.ts), then the SQL of each call over one. Exits 1 when a count is over its
 * ceiling, a budgeted count was not taken, or a count has no budget.
 */
const started = performance.now();
const sent = new Map<string, readonly string[]>();
const measures = await benchStatements({ sent });
const taken = new Map(measures.map((m) => [m.name, m]));
const names = [...new Set([...Object.keys(statementBudgets), ...taken.keys()])];
const width = Math.max(...names.map((n) => n.length));
let failures = 0;
/** The calls with a count over its ceiling. */
const over = new Set<string>();
for (const name of names) {
  const measure = taken.get(name);
  const budget: StatementBudget | undefined = Object.hasOwn(statementBudgets, name)
    ? statementBudgets[name as keyof typeof statementBudgets]
    : undefined;
  const counted = measure && measure.error === undefined;
  let verdict = '✓';
  if (!counted) verdict = `✗ not counted${measure?.error ? `: ${measure.error}` : ''}`;
  else if (!budget) verdict = '✗ no budget (bench/statement-budgets.ts)';
  else if (measure.value > budget.limit) {
    verdict = '✗ over its ceiling';
    over.add(name.replace(/^[^:]*: /, ''));
  }
  if (verdict !== '✓') failures += 1;
  const value = counted ? String(measure.value) : '-';
  const limit = budget ? String(budget.limit) : '-';
  console.log(`${name.padEnd(width)}  ${value.padStart(3)} / ${limit.padStart(3)}  ${verdict}`);
}
for (const call of over) {
  console.log(`\n${call}: what it sent`);
  for (const sql of sent.get(call) ?? [])
    console.log(`  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  failures === 0
    ? `\nStatement budgets: all ${names.length} counts within their ceilings (${seconds} s)`
    : `\nStatement budgets: ${failures} of ${names.length} counts over their ceilings or not taken (${seconds} s)`,
);
process.exit(failures === 0 ? 0 : 1);
