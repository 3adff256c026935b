import { budgets } from './budgets';
import { benchAirportList } from './api/airport-list';
import { benchAirportSearch } from './web/airport-search';
import { benchHomeJsSize } from './web/home-js-size';

/** Runs every benchmark, prints each measure against its budget, and fails over budget. */
const results = [
  ...benchAirportSearch(),
  ...(await benchAirportList()),
  ...(await benchHomeJsSize()),
];
let over = 0;
for (const r of results) {
  const budget = budgets[r.name];
  const ok = r.value <= budget;
  if (!ok) over++;
  console.log(
    `${ok ? 'ok  ' : 'OVER'} ${r.name}: ${r.value.toFixed(r.unit === 'ms' ? 2 : 0)} ${r.unit} (budget ${budget} ${r.unit})`,
  );
}
console.log(`${results.length - over} passed, ${over} failed`);
process.exitCode = over > 0 ? 1 : 0;
