import { HOME_JS_BUDGET_BYTES } from '../e2e/support/home-js';

export type Unit = 'ms' | 'bytes' | 'req/s' | 'ratio' | 'score' | 'count';

/** A limit a figure must stay within: at most (`max`) or at least (`min`) `limit` `unit`. */
export interface Budget {
  limit: number;
  direction: 'max' | 'min';
  unit: Unit;
}

const max = (limit: number, unit: Unit): Budget => ({ limit, direction: 'max', unit });
const min = (limit: number, unit: Unit): Budget => ({ limit, direction: 'min', unit });

/*
 * The 400 prepare-order calls arrive in one instant at one process that also runs the
 * provider's stand-in: p99 is mostly the queue (3.2–4.1 s measured on a quiet 2-core machine,
 * p50 2.5–2.9 s, 50–55 purchases a second; 5.3–5.7 s when the machine was busy with other
 * work, hence the tries in run.ts). The status call, once the wave has passed, about 0.3 s.
 */
const PREPARE_P99_MS = 5000;
const STATUS_P99_MS = 1500;

/*
 * A booking is about a dozen statements in three transactions (hold, order, fulfilment), and
 * the 320 members turned away cost time too: measured on a 2-core machine, 16–24 bookings a
 * second on PGlite (one connection) and 28–50 on PostgreSQL (CI, and a quiet run). Budgets at
 * half the lower figure. The grid's 1,000 calls arrive 200 at a time at one process: p99 is
 * mostly the queue (about 0.3 s measured, p50 0.28 s).
 */
const LOUNGE_BOOKINGS_PGLITE_PER_S = 8;
const LOUNGE_BOOKINGS_PG_PER_S = 14;
const GRID_P99_MS = 1000;

/*
 * Issue 19: a fast-track booking is the lounges' three transactions, paid by card at the
 * provider's stand-in (two passengers each, 200 bookers for 80 places): 16 bookings a second
 * measured on PostgreSQL on a 2-core machine (the 160 turned away cost time too).
 * Budget at half the lower figure.
 */
const FAST_TRACK_BOOKINGS_PG_PER_S = 8;

/*
 * Issue 20: 200 members redeem a pass offer at once, each double-clicking (400 calls in one
 * instant at one process): 74 redemptions a second and p99 2.7 s measured on a 2-core machine
 * busy with the browser tests. Budgets at about half and twice those.
 */
const OFFER_REDEMPTIONS_PER_S = 30;
const OFFER_REDEEM_P99_MS = 5000;

/** Every budget in one place. */
export const budgets = {
  'airport-list median response (cached)': max(10, 'ms'),
  'airport-list p95 response (cached)': max(30, 'ms'),
  'airport-list gzip bytes': max(350_000, 'bytes'),
  // Issue 3: the in-browser search over the full list, per keystroke, and its one-off index.
  'airport search median per keystroke': max(2, 'ms'),
  'airport search index build': max(150, 'ms'),
  // Issue 3, 23: everything the home page loads (`npm test` checks the same figure against a
  // higher ceiling, HOME_JS_CEILING_BYTES, while this one is missed).
  'home page JavaScript gzip bytes': max(HOME_JS_BUDGET_BYTES, 'bytes'),
  // Issue 23: the portal answers at least 0.7 as many requests per second as a bare node:http
  // server sending the same bytes (headers too), on the same machine, in the same run.
  'airport list: portal/bare req/s': min(0.7, 'ratio'),
  'lounge list: portal/bare req/s': min(0.7, 'ratio'),
  // Issue 23: the catalogue's lists at a steady 3,000 requests a second in total, on 2 cores.
  'catalogue reads p99 at 3,000 req/s': max(20, 'ms'),
  'catalogue reads at 3,000 req/s: errors and non-2xx answers': max(0, 'count'),
  // Issue 23: 200 browsers asking for the whole airport list at the same instant.
  'airport list p99, 200 concurrent readers': max(100, 'ms'),
  // Issue 23: the server start on an existing database, spawn to /healthz answering 200
  // (median of 3).
  'server start to ready (existing database)': max(1000, 'ms'),
  // Issue 17: 200 members buying a pass pack at once (each double-clicking), then asking the
  // status, on PostgreSQL through the checkout engine and the provider's stand-in.
  'offers: redeem-offer p99, 200 members at once (PostgreSQL)': max(OFFER_REDEEM_P99_MS, 'ms'),
  'offers: redemptions per second (PostgreSQL)': min(OFFER_REDEMPTIONS_PER_S, 'req/s'),
  'offers: members with more or fewer than one voucher': max(0, 'count'),
  'offers: passes not spent exactly once': max(0, 'count'),
  'checkout: prepare-order p99, 200 concurrent buyers': max(PREPARE_P99_MS, 'ms'),
  'checkout: check-payment-status p99, 200 concurrent buyers': max(STATUS_P99_MS, 'ms'),
  'checkout: double charges': max(0, 'count'),
  'checkout: memberships without exactly their 5 passes': max(0, 'count'),
  // Issue 17: lounge desks checking scanned digital cards (signature, rotating code, the
  // membership now), 50 at once in one process on PGlite: about 2.7 ms of work a scan
  // measured (366 scans/s), so p99 is mostly the queue of 50 (300 ms measured).
  // Issue 18: lounge pre-booking, hold then prepare-order paid with passes, 40 bookers in
  // flight for 80 places; the slot grid under 200 readers at once.
  'lounge booking: bookings per second, PGlite': min(LOUNGE_BOOKINGS_PGLITE_PER_S, 'req/s'),
  'lounge booking: bookings per second, PostgreSQL': min(LOUNGE_BOOKINGS_PG_PER_S, 'req/s'),
  'lounge booking: places oversold': max(0, 'count'),
  'lounge booking: slot grid p99, 200 concurrent readers (PostgreSQL)': max(GRID_P99_MS, 'ms'),
  // Issue 19: fast-track pre-booking paid by card, 40 bookers in flight for 8 windows of 10.
  'fast-track booking: card-paid bookings per second, PostgreSQL': min(
    FAST_TRACK_BOOKINGS_PG_PER_S,
    'req/s',
  ),
  'fast-track booking: places oversold': max(0, 'count'),
  'fast-track booking: double charges': max(0, 'count'),
  'digital card: desk scans per second, 50 desks at once': min(150, 'req/s'),
  'digital card: desk verify p99, 50 desks at once': max(750, 'ms'),
  'digital card: genuine current codes refused': max(0, 'count'),
  // Lighthouse, mobile (its default: simulated slow 4G and a 4x slower CPU), first visit.
  'Lighthouse performance: home': min(95, 'score'),
  'Lighthouse performance: lounge detail': min(95, 'score'),
  'Lighthouse accessibility: home': min(100, 'score'),
  'Lighthouse accessibility: lounge detail': min(100, 'score'),
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof budgets;

/**
 * Budgets the project misses today, each with what it would take (issue 8 keeps the list).
 * `npm run bench` still fails on them; CI runs it with BENCH_ALLOW_KNOWN_MISSES=1, which prints them
 * as KNOWN but fails only on a miss not listed here, so nothing else can slip while they wait.
 * A known miss that passes is reported, to be taken off the list.
 */
export const knownMisses: Partial<Record<BudgetName, string>> = {
  // Over budget in both runs on 2026-11-26 (Lighthouse 8–19 points lower on an unchanged web
  // bundle that day), within it on 2026-11-27: kept listed until a CI run passes them (issue 23).
  'checkout: prepare-order p99, 200 concurrent buyers':
    '6.8 s in both runs on 2026-11-26, 4.9 s on 2026-11-27 (this machine): the 400 calls arrive ' +
    'in one instant, so p99 is the queue; take it off the list once CI passes it (issue 23)',
  'lounge booking: bookings per second, PGlite':
    '6–7 a second in both runs on 2026-11-26, 12 on 2026-11-27 (this machine); take it off the ' +
    'list once CI passes it (issue 23)',
  'lounge booking: slot grid p99, 200 concurrent readers (PostgreSQL)':
    '1.0–1.3 s in both runs on 2026-11-26, 0.53 s on 2026-11-27 (this machine); take it off the ' +
    'list once CI passes it (issue 23)',
  'server start to ready (existing database)':
    '0.88-0.94 s on 2026-11-27 (this machine, median of 3; 0.93-0.99 s before the change of ' +
    'that day, 1.5 s in an earlier quiet run, 1.9 s in the first CI of that day): the embedded ' +
    'database opens on a worker thread started before any driver loads, the sandbox key is ' +
    'made after the portal is ready, nodemailer and ics load on first use; what is left is the ' +
    "main thread's 0.8 s of loading modules (fastify and ajv 1.3 MB, the app 1.4 MB, zod " +
    '0.6 MB) and building the app, which the database waits on; listed until a CI run passes ' +
    'it with room (issue 23)',
  'airport list p99, 200 concurrent readers':
    '165–248 ms, while a bare node:http server sending the same 131 KB (brotli) to the same 200 ' +
    'readers takes 105–201 ms in the same runs (2026-11-27, 2 cores, client and server on one ' +
    'machine): the budget is below what the bytes cost here; a smaller answer (brotli at its ' +
    'best level, fewer fields) or a version check the browser can send would be next (issue 23)',
  'home page JavaScript gzip bytes':
    "about 136 KB: React and React DOM 67 KB, the router 31 KB, the first page's own code " +
    '29 KB (i18next, 17 KB of it, was replaced by the 2 KB of it the portal used; issue 23), ' +
    'the home page 5 KB; under 120 KB takes a smaller router or the home page rendered ' +
    'without one (issue 23)',
  'Lighthouse performance: home':
    'between 89 and 96: FCP and LCP wait for ~150 KB of JavaScript on a simulated slow 4G link ' +
    '(React 68 KB, the router 31 KB); the first-visit notice (after the configuration call) is ' +
    'the largest paint; server-rendered HTML for the first screen would take it past 95',
  'Lighthouse performance: lounge detail':
    'between 86 and 93: TBT up to ~340 ms of React rendering at 4x CPU slowdown, and the ' +
    'picture found after the JavaScript, the page chunk and the detail call; a route loader ' +
    'starting the call with the chunk and less rendering work on arrival would be next',
};

/**
 * One figure of a run. Named after a budget, it is checked against that budget (in its unit);
 * otherwise it is reported beside them, in `unit`. `error` says why a figure could not be taken:
 * it counts as a missed budget. `details` are printed under the table (e.g. the audits that lost
 * points).
 */
export type Measure = ({ name: BudgetName; unit?: Unit } | { name: string; unit: Unit }) & {
  value: number;
  note?: string;
  error?: string;
  details?: string[];
};

export function isBudgeted(m: Measure): m is Measure & { name: BudgetName } {
  return Object.hasOwn(budgets, m.name);
}

export function withinBudget(value: number, budget: Budget): boolean {
  if (!Number.isFinite(value)) return false;
  return budget.direction === 'max' ? value <= budget.limit : value >= budget.limit;
}

/** A measure that could not be taken: it misses its budget, with the reason. */
export function failed(name: BudgetName, error: unknown): Measure {
  return { name, value: Number.NaN, error: error instanceof Error ? error.message : String(error) };
}
