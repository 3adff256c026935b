import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from '../e2e/support/chromium';
import { repoRoot, startPortal, type RunningPortal } from '../e2e/support/server';
import { benchAirportList } from './api/airport-list';
import { benchCheckout } from './api/checkout';
import { benchDigitalCard } from './api/digital-card';
import { benchFastTrackBooking } from './api/fast-track-booking';
import { benchLoungeBooking } from './api/lounge-booking';
import { benchOffers } from './api/offers';
import { benchStartup } from './api/startup';
import { benchAirportReaders, benchSteadyRate, benchThroughput } from './api/throughput';
import { benchStatements } from './api/statements';
import {
  budgets,
  failed,
  FIRST_SCREENS,
  isBudgeted,
  unitOf,
  withinBudget,
  type Budget,
  type BudgetName,
  type Measure,
  type Unit,
} from './budgets';
import { statementBudgets } from './statement-budgets';
import { benchAirportSearch } from './web/airport-search';
import { benchFirstScreens } from './web/first-screens';
import { benchLighthouse } from './web/lighthouse';

/**
 * Runs every benchmark (`npm run bench` builds first; `npm run bench:built` uses the build there
 * is), prints each figure beside its budget, writes them all to bench/results/latest.json, and
 * exits 1 when a budget is missed or a figure could not be taken. There is no list of known
 * misses and no second try: a budget holds or the run fails (DESIGN §8).
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(benchDir, 'results');
await fs.mkdir(resultsDir, { recursive: true });

const startedAt = new Date();
const started = performance.now();
const loadBefore = os.loadavg();

/** The share of all cores' time spent busy over `ms`: other work skews every figure here. */
async function cpuBusy(ms: number): Promise<number> {
  const sample = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const { idle, ...rest } = cpu.times;
        acc.idle += idle;
        acc.total += idle + Object.values(rest).reduce((a, b) => a + b, 0);
        return acc;
      },
      { idle: 0, total: 0 },
    );
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}
const busyBefore = await cpuBusy(1000);
if (busyBefore > 0.25)
  console.warn(
    `Note: ${(busyBefore * 100).toFixed(0)}% of the CPU is busy with other work: the figures may be worse than on a quiet machine.`,
  );
const results: Measure[] = [];

/** Runs one part; if it throws, every budget it covers is missed with the reason. */
async function part(
  title: string,
  covers: BudgetName[],
  run: () => Measure[] | Promise<Measure[]>,
): Promise<void> {
  const t = performance.now();
  process.stdout.write(`- ${title}… `);
  try {
    results.push(...(await run()));
    console.log(`${((performance.now() - t) / 1000).toFixed(1)} s`);
  } catch (err) {
    console.log(`FAILED after ${((performance.now() - t) / 1000).toFixed(1)} s`);
    console.error(err);
    results.push(...covers.map((name) => failed(name, err)));
  }
}

/** The first screens' budgets of one kind, for every screen. */
const perScreen = (prefix: string) =>
  FIRST_SCREENS.map((screen) => `${prefix}: ${screen}` as BudgetName);

await part('in-browser airport search', [], benchAirportSearch);
await part(
  'SQL statements and round trips of the hot calls (in-process, PostgreSQL)',
  Object.keys(statementBudgets) as BudgetName[],
  benchStatements,
);
await part(
  'checkout, 200 buyers at once (in-process, PostgreSQL)',
  ['checkout: double charges', 'checkout: memberships without exactly their 5 passes'],
  benchCheckout,
);
await part(
  'digital card scans at lounge desks (in-process)',
  ['digital card: genuine current codes refused'],
  benchDigitalCard,
);
await part(
  'lounge pre-booking (in-process, PGlite and PostgreSQL)',
  [
    'lounge booking: places oversold',
    'lounge booking: portal/plain-pg bookings per second, PostgreSQL',
  ],
  benchLoungeBooking,
);
await part(
  'fast-track pre-booking paid by card (in-process, PostgreSQL)',
  ['fast-track booking: places oversold', 'fast-track booking: double charges'],
  benchFastTrackBooking,
);
await part(
  'dining and spa offers redeemed at once (in-process, PostgreSQL)',
  ['offers: members with more or fewer than one voucher', 'offers: passes not spent exactly once'],
  benchOffers,
);
await part('airport list (in-process)', ['airport-list gzip bytes'], benchAirportList);

const portalParts: [string, BudgetName[], (portal: RunningPortal) => Promise<Measure[]>][] = [
  [
    'first screens: bytes and requests',
    [
      ...perScreen('first screen JavaScript gzip bytes'),
      ...perScreen('first screen HTML gzip bytes'),
      ...perScreen('first screen requests until idle'),
    ],
    benchFirstScreens,
  ],
  [
    'Lighthouse, one run a first screen',
    [
      ...perScreen('Lighthouse layout shift (CLS)'),
      ...perScreen('Lighthouse render-blocking requests'),
      ...perScreen('Lighthouse accessibility'),
    ],
    (portal) => benchLighthouse(portal, resultsDir),
  ],
  [
    'API throughput, portal and bare server',
    [
      'airport list: portal/bare req/s',
      'lounge list: portal/bare req/s',
      'airport list: portal/bare p99 latency',
      'lounge list: portal/bare p99 latency',
    ],
    benchThroughput,
  ],
  [
    'catalogue reads at a steady 3,000 req/s',
    ['catalogue reads at 3,000 req/s: errors and non-2xx answers'],
    benchSteadyRate,
  ],
  [
    '200 readers of the airport list at once',
    ['airport list, 200 concurrent readers: portal/bare p99'],
    benchAirportReaders,
  ],
];
let portal: RunningPortal | undefined;
// Whatever goes wrong, the portal's process does not outlive the bench.
process.once('uncaughtException', (err) => {
  console.error(err);
  void (portal?.stop() ?? Promise.resolve()).finally(() => process.exit(1));
});
await part('start the portal', [], async () => {
  portal = await startPortal();
  return [];
});
for (const [title, covers, run] of portalParts) {
  const running = portal;
  await part(title, covers, () => {
    if (!running) throw new Error('the portal did not start');
    return run(running);
  });
}
await portal?.stop().catch((err: unknown) => console.error('could not stop the portal:', err));

await part('server start-up', [], benchStartup);

// A budget that no part reported is missed too.
for (const name of Object.keys(budgets) as BudgetName[])
  if (!results.some((r) => r.name === name)) results.push(failed(name, 'not measured'));

const durationMs = performance.now() - started;

// ---- the table ----

function format(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return '—';
  switch (unit) {
    case 'ms':
      return `${value.toFixed(value < 100 ? 2 : 0)} ms`;
    case 'bytes':
      return `${Math.round(value).toLocaleString('en-GB')} B`;
    case 'req/s':
      return `${value.toFixed(0)} req/s`;
    case 'ratio':
      return value.toFixed(2);
    case 'score':
    case 'count':
      return value.toFixed(0);
  }
}

function describe(budget: Budget): string {
  return `${budget.direction === 'max' ? '≤' : '≥'} ${format(budget.limit, budget.unit)}`;
}

interface Row {
  name: string;
  value: string;
  budget: string;
  status: string;
  note: string;
}
const rows: Row[] = [];
const missed: { measure: Measure; budget: Budget }[] = [];
const records = results.map((r) => {
  if (!isBudgeted(r)) {
    rows.push({
      name: r.name,
      value: format(r.value, unitOf(r)),
      budget: '',
      status: '',
      note: r.error ?? r.note ?? '',
    });
    return { ...r, unit: unitOf(r), budget: null, ok: null };
  }
  const budget: Budget = budgets[r.name];
  const ok = r.error === undefined && withinBudget(r.value, budget);
  if (!ok) missed.push({ measure: r, budget });
  rows.push({
    name: r.name,
    value: format(r.value, budget.unit),
    budget: describe(budget),
    status: ok ? 'ok' : r.error === undefined ? 'OVER' : 'FAIL',
    note: r.error ?? r.note ?? '',
  });
  return { ...r, unit: budget.unit, budget, ok };
});

const header: Row = { name: 'name', value: 'value', budget: 'budget', status: 'ok?', note: 'note' };
const widths = (['name', 'value', 'budget', 'status'] as const).map((key) =>
  Math.max(...[header, ...rows].map((row) => row[key].length)),
);
const line = (row: Row) =>
  [row.name, row.value, row.budget, row.status]
    .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
    .join(' | ') + (row.note ? ` | ${row.note.split('\n')[0]}` : '');
console.log(`\n${line(header)}`);
console.log(widths.map((w) => '-'.repeat(w)).join('-|-') + '-|------');
for (const row of rows) console.log(line(row));

for (const r of results)
  if (r.details?.length) {
    console.log(`\n${r.name}: audits that lost points`);
    for (const detail of r.details) console.log(`  - ${detail}`);
  }

// ---- the record ----

function version(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      timeout: 10_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}
const require = createRequire(import.meta.url);
const packageVersion = (name: string) => {
  try {
    return (require(`${name}/package.json`) as { version: string }).version;
  } catch {
    return null;
  }
};
const cpus = os.cpus();
const record = {
  timestamp: startedAt.toISOString(),
  durationMs: Math.round(durationMs),
  passed: results.filter(isBudgeted).length - missed.length,
  failed: missed.length,
  machine: {
    cpuCount: cpus.length,
    availableParallelism: os.availableParallelism(),
    cpuModel: cpus[0]?.model ?? null,
    totalMemoryBytes: os.totalmem(),
    platform: os.platform(),
    release: os.release(),
    arch: os.arch(),
    node: process.version,
    chromium: version(CHROMIUM_PATH, ['--version']),
    lighthouse: packageVersion('lighthouse'),
    autocannon: packageVersion('autocannon'),
    cpuBusyBefore: Number(busyBefore.toFixed(2)),
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg(),
  },
  git: {
    commit: version('git', ['-C', benchDir, 'rev-parse', 'HEAD']),
    dirty: (version('git', ['-C', benchDir, 'status', '--porcelain']) ?? '') !== '',
  },
  results: records,
};
const latest = path.join(resultsDir, 'latest.json');
await fs.writeFile(latest, `${JSON.stringify(record, null, 2)}\n`);

console.log(
  `\nWritten to ${path.relative(repoRoot, latest)}; the whole bench took ${(durationMs / 1000).toFixed(0)} s.`,
);
if (busyBefore > 0.25)
  console.warn(
    `Note: ${(busyBefore * 100).toFixed(0)}% of the CPU was busy with other work when the bench started: the figures may be worse than on a quiet machine.`,
  );
if (missed.length > 0) {
  const bar = '!'.repeat(72);
  console.error(`\n${bar}\n!! ${missed.length} BUDGET(S) MISSED:`);
  for (const { measure, budget } of missed)
    console.error(
      `!!   ${measure.name}: ${measure.error?.split('\n')[0] ?? `${format(measure.value, budget.unit)}, budget ${describe(budget)}`}`,
    );
  console.error(bar);
}
console.log(`${results.filter(isBudgeted).length - missed.length} passed, ${missed.length} failed`);
process.exitCode = missed.length > 0 ? 1 : 0;
