import { HOME_JS_BUDGET_BYTES } from '../e2e/support/home-js';
import { statementBudgets } from './statement-budgets';

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
 * Every gate is a figure that does not follow the machine's speed (DESIGN §8):
 * - a count that is the same on any machine (bytes, requests, SQL statements and round trips);
 * - a ratio measured side by side in the same run against an anchor doing the same work without
 *   the portal (a bare node:http server sending the portal's own bytes);
 * - a correctness count under load, which must be 0;
 * - what Lighthouse reports that does not follow CPU speed: layout shift, render-blocking
 *   requests, the accessibility score.
 * Absolute times, rates and performance scores are measured and printed (`reported` below) and
 * written to bench/results/latest.json, but never fail a run.
 */

/** The first screens a visitor (or the demo member, for step 1) opens cold. */
export const FIRST_SCREENS = [
  'home',
  'airport page',
  'lounge page',
  'lounge pre-booking step 1',
] as const;
export type FirstScreen = (typeof FIRST_SCREENS)[number];

/*
 * The first screens' bytes and requests, each opened cold at a phone's size. Requests: today's
 * counts are the ceilings, so a screen that asks for one more thing fails the bench. Bytes:
 * today's figures with a few KB of room (home's is the budget `npm test` holds too). The HTML
 * carries the page's stylesheet (so its first paint waits for no request) and the channel's
 * configuration. A change may raise a ceiling only with its reason written beside it.
 */
const KB = 1024;
const firstScreenBudgets = {
  'first screen JavaScript gzip bytes: home': max(HOME_JS_BUDGET_BYTES, 'bytes'),
  'first screen JavaScript gzip bytes: airport page': max(120 * KB, 'bytes'),
  'first screen JavaScript gzip bytes: lounge page': max(120 * KB, 'bytes'),
  'first screen JavaScript gzip bytes: lounge pre-booking step 1': max(188 * KB, 'bytes'),
  'first screen HTML gzip bytes: home': max(6 * KB, 'bytes'),
  'first screen HTML gzip bytes: airport page': max(6 * KB, 'bytes'),
  'first screen HTML gzip bytes: lounge page': max(6 * KB, 'bytes'),
  'first screen HTML gzip bytes: lounge pre-booking step 1': max(6 * KB, 'bytes'),
  'first screen requests until idle: home': max(19, 'count'),
  'first screen requests until idle: airport page': max(26, 'count'),
  'first screen requests until idle: lounge page': max(22, 'count'),
  'first screen requests until idle: lounge pre-booking step 1': max(39, 'count'),
} satisfies Record<`first screen ${string}: ${FirstScreen}`, Budget>;

/** Lighthouse's figures that do not follow CPU speed, for each first screen. */
const lighthouseBudgets = {
  'Lighthouse layout shift (CLS): home': max(0.01, 'ratio'),
  'Lighthouse layout shift (CLS): airport page': max(0.01, 'ratio'),
  'Lighthouse layout shift (CLS): lounge page': max(0.01, 'ratio'),
  'Lighthouse layout shift (CLS): lounge pre-booking step 1': max(0.01, 'ratio'),
  'Lighthouse render-blocking requests: home': max(0, 'count'),
  'Lighthouse render-blocking requests: airport page': max(0, 'count'),
  'Lighthouse render-blocking requests: lounge page': max(0, 'count'),
  'Lighthouse render-blocking requests: lounge pre-booking step 1': max(0, 'count'),
  'Lighthouse accessibility: home': min(100, 'score'),
  'Lighthouse accessibility: airport page': min(100, 'score'),
  'Lighthouse accessibility: lounge page': min(100, 'score'),
  'Lighthouse accessibility: lounge pre-booking step 1': min(100, 'score'),
} satisfies Record<`Lighthouse ${string}: ${FirstScreen}`, Budget>;

/** Every budget in one place. */
export const budgets = {
  ...firstScreenBudgets,
  ...lighthouseBudgets,
  // The whole airport list, as the home page's search downloads it.
  'airport-list gzip bytes': max(350_000, 'bytes'),
  // SQL statements and round trips per hot call, counted on the pg client (statement-budgets.ts).
  ...statementBudgets,
  /*
   * Catalogue reads per second against a bare node:http server sending the portal's own bytes
   * (headers too), 10 connections, each side's best of two runs taken in turn. The floor is
   * below the spread of the lounge list across machines and runs, so that the same code never
   * flips; the p99 under the same concurrency at most 3 times the bare server's.
   */
  'airport list: portal/bare req/s': min(0.6, 'ratio'),
  'lounge list: portal/bare req/s': min(0.6, 'ratio'),
  'airport list: portal/bare p99 latency': max(3, 'ratio'),
  'lounge list: portal/bare p99 latency': max(3, 'ratio'),
  // 200 browsers asking for the whole airport list at the same instant, five times over.
  'airport list, 200 concurrent readers: portal/bare p99': max(3, 'ratio'),
  /*
   * Lounge bookings per second (pre-book, then pay with passes; 400 members, 40 at once, for 80
   * places) against a plain pg script sending the statements the portal sent, in the same
   * transactions, on a copy of the same database, with the same concurrency: the portal's own
   * overhead (Fastify, validation, drizzle, its logic), not the machine's. Floor below the spread
   * of runs on a busy machine, so the same code never flips.
   */
  'lounge booking: portal/plain-pg bookings per second, PostgreSQL': min(0.25, 'ratio'),
  // Correctness under load: each must be 0.
  'catalogue reads at 3,000 req/s: errors and non-2xx answers': max(0, 'count'),
  'checkout: double charges': max(0, 'count'),
  'checkout: memberships without exactly their 5 passes': max(0, 'count'),
  'offers: members with more or fewer than one voucher': max(0, 'count'),
  'offers: passes not spent exactly once': max(0, 'count'),
  'lounge booking: places oversold': max(0, 'count'),
  'fast-track booking: places oversold': max(0, 'count'),
  'fast-track booking: double charges': max(0, 'count'),
  'digital card: genuine current codes refused': max(0, 'count'),
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof budgets;

/**
 * Figures measured and printed beside the budgets, in their unit, that never fail a run: they
 * follow the machine's speed.
 */
export const reported = {
  'airport-list median response (cached)': 'ms',
  'airport-list p95 response (cached)': 'ms',
  'airport search median per keystroke': 'ms',
  'airport search index build': 'ms',
  'catalogue reads p99 at 3,000 req/s': 'ms',
  'airport list p99, 200 concurrent readers': 'ms',
  'server start to ready (existing database)': 'ms',
  'offers: redeem-offer p99, 200 members at once (PostgreSQL)': 'ms',
  'offers: redemptions per second (PostgreSQL)': 'req/s',
  'checkout: prepare-order p99, 200 concurrent buyers': 'ms',
  'checkout: check-payment-status p99, 200 concurrent buyers': 'ms',
  'lounge booking: bookings per second, PGlite': 'req/s',
  'lounge booking: bookings per second, PostgreSQL': 'req/s',
  'lounge booking: slot grid p99, 200 concurrent readers (PostgreSQL)': 'ms',
  'fast-track booking: card-paid bookings per second, PostgreSQL': 'req/s',
  'digital card: desk scans per second, 50 desks at once': 'req/s',
  'digital card: desk verify p99, 50 desks at once': 'ms',
  'Lighthouse performance: home': 'score',
  'Lighthouse performance: airport page': 'score',
  'Lighthouse performance: lounge page': 'score',
  'Lighthouse performance: lounge pre-booking step 1': 'score',
} as const satisfies Record<string, Unit>;

export type ReportedName = keyof typeof reported;

/**
 * One figure of a run. Named after a budget, it is checked against that budget (in its unit);
 * otherwise it is reported beside them, in `unit`. `error` says why a figure could not be taken:
 * it counts as a missed budget. `details` are printed under the table (e.g. the audits that lost
 * points).
 */
export type Measure = (
  { name: BudgetName | ReportedName; unit?: Unit } | { name: string; unit: Unit }
) & {
  value: number;
  note?: string;
  error?: string;
  details?: string[];
};

export function isBudgeted(m: Measure): m is Measure & { name: BudgetName } {
  return Object.hasOwn(budgets, m.name);
}

/** The unit a measure is printed in: its budget's, its listed one's, or its own. */
export function unitOf(m: Measure): Unit {
  if (isBudgeted(m)) return budgets[m.name].unit;
  if (Object.hasOwn(reported, m.name)) return reported[m.name as ReportedName];
  return m.unit ?? 'ms';
}

export function withinBudget(value: number, budget: Budget): boolean {
  if (!Number.isFinite(value)) return false;
  return budget.direction === 'max' ? value <= budget.limit : value >= budget.limit;
}

/** A measure that could not be taken: it misses its budget, with the reason. */
export function failed(name: BudgetName, error: unknown): Measure {
  return { name, value: Number.NaN, error: error instanceof Error ? error.message : String(error) };
}
