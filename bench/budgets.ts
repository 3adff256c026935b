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
 * In CI: 6.8 s twice on a slow day (2026-11-26, Lighthouse 8–19 points lower too), 3.3–4.3 s in
 * three runs on 2026-11-27, when it came off the known misses; listed again for the slow machine
 * of 2026-11-28 morning (5.3–8.8 s), off again that evening (3.1–4.1 s); listed for the slow
 * machine of 2026-11-29's second session (5.8–7.4 s), off again in its third (2.9–3.2 s); listed
 * for 2026-11-30's eighth session's slow machine (5.3–6.2 s), off again in its ninth (2.9 s);
 * listed for its tenth's slow machine as a precaution (3.8 s, within budget: knownMisses); off in
 * its twelfth, on a slow machine: 2.3 s in its bench (87 purchases a second; 2.5–2.7 s in runs of
 * their own) once the warm-up settled the statements' plans (checkout.ts: WARM_ROUNDS: 3.1–4.4 s
 * with that alone, 4.8 and 5.2 s before) and the order's moves, the member's memberships and the
 * card's, order's and attempt count's statements were prepared (6,405 statements for the 200
 * purchases and their double clicks, about 7,450 before; drizzle built each on every call).
 */
const PREPARE_P99_MS = 5000;
const STATUS_P99_MS = 1500;

/*
 * A booking is about a dozen statements in three transactions (hold, order, fulfilment), and
 * the 320 members turned away cost time too: measured on a 2-core machine, 16–24 bookings a
 * second on PGlite (one connection) and 28–50 on PostgreSQL (CI, and a quiet run). The PGlite
 * budget is at half the lower figure (6–7 a second in CI on a slow day, 2026-11-26; 15–17 in
 * three runs on 2026-11-27, when it came off the known misses). On PostgreSQL, and for the grid, the budgets are issue
 * 23's; the figures they replaced hold them while they are known misses (on PostgreSQL 10 a
 * second until 2026-11-29, then 15: 37-47 a second on that day's slow machine once a pre-book was
 * one statement; 25 from 2026-11-30, when the figure was 40-63 on slow machines and 83-92 on
 * that day's; 40 from its twelfth session, 84-106 on a slow machine once the warm-up settled the
 * statements' plans: lounge-booking.ts, WARM_DAYS). The grid (1 s held) came off the known misses in 2026-11-29's fifth session:
 * 22 and 41 ms against a bare 6 and 13 ms, the raw-socket readers (bench/support/readers.ts);
 * listed for 2026-11-30's eighth session's slow machine (96-211 ms), off again in its ninth (42 ms
 * against a bare 3 ms); listed for its tenth's slow machine as a precaution (43 ms against a bare
 * 5 ms, within budget: knownMisses), and missed on the slow machines of its eleventh's CI (53 ms),
 * its twelfth (63 ms), its thirteenth (65-131 ms), 2026-12-01's fourteenth (75 ms) and fifteenth
 * (71 ms against a bare 7 ms): 200 answers at once from Fastify's request path, 0.35 ms each. Off
 * in that fifteenth session: a member's repeated read is answered before Fastify, as the public
 * lists are, once this process has checked their token (fast-reads.ts): 13 ms against a bare 6 ms
 * in its bench, 9-25 ms in runs of their own.
 */
const LOUNGE_BOOKINGS_PGLITE_PER_S = 8;
const LOUNGE_BOOKINGS_PG_PER_S = 300;
const GRID_P99_MS = 50;
const LOUNGE_BOOKINGS_PG_HOLD = 40;

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
  // Issue 3, 23: everything the home page loads (`npm test` holds the same budget).
  'home page JavaScript gzip bytes': max(HOME_JS_BUDGET_BYTES, 'bytes'),
  // Issue 23: the portal answers at least 0.7 as many requests per second as a bare node:http
  // server sending the same bytes (headers too), on the same machine, in the same run: each
  // side's best of two runs taken in turn (one run each put the lounge list anywhere from 0.69 to
  // 0.97 with the same code). The lounge list's was listed on 2026-11-30's eighth session's slow
  // machine (0.65 in three tries), off again in its ninth (0.84); listed for its tenth's slow
  // machine (0.68-1.06: knownMisses), missed on its eleventh's (0.81, then 0.697), its twelfth's
  // (0.60) and 2026-12-01's fourteenth's (0.65-0.67); off in its fifteenth: 0.87 and 0.82 in its
  // benches, 0.86 in its CI; listed again for the sixteenth's slow machine (0.67: knownMisses), off
  // again in the seventeenth, on a faster machine: 0.84 (27,683 against 32,814 a second); listed
  // again for the eighteenth's slow machine (below 0.7, then 0.73: knownMisses).
  'airport list: portal/bare req/s': min(0.7, 'ratio'),
  'lounge list: portal/bare req/s': min(0.7, 'ratio'),
  // Issue 23: the catalogue's lists at a steady 3,000 requests a second in total, on 2 cores. Off
  // the known misses on 2026-11-30 (4-5 ms in 2026-11-29's last two CI runs; 35-53 ms once, when
  // autocannon still ran in the bench's own heavy process).
  'catalogue reads p99 at 3,000 req/s': max(20, 'ms'),
  'catalogue reads at 3,000 req/s: errors and non-2xx answers': max(0, 'count'),
  // Issue 23: 200 browsers asking for the whole airport list at the same instant. A known miss
  // until 2026-11-29's fifth session (109-133 ms, a bare server 106-148 ms), when the readers
  // went to a process of their own: in the bench's, its heap's collections were most of the
  // figure (bench/support/readers.ts). Then 30 ms against a bare 27 ms.
  'airport list p99, 200 concurrent readers': max(100, 'ms'),
  // Issue 23: the server start on an existing database, spawn to /healthz answering 200
  // (median of 3). Off the known misses in 2026-11-29's fifth session (666-744 ms), listed again
  // in its sixth, on a slower machine (1,093-1,640 ms with the same code: the pre-built bundle's
  // load beside PGlite opening on its worker, each a core's work, follows the machine's speed);
  // off again on 2026-11-30 (572-672 ms); listed for that day's eighth session's slow machine
  // (1,234-1,499 ms), off again in its ninth (569-635 ms); listed for its tenth's slow machine
  // (1,157-1,246 ms), listed through 2026-12-01's fourteenth (1,148 ms on its slow machine once
  // the built server ran with V8's code cache; 1,341 ms in its CI); off in its fifteenth: 812 and
  // 769 ms in its benches, 633 ms in its CI (the start waits for the embedded database's open;
  // PGlite's WebAssembly compiled on the main thread while its worker starts, and sent to it, was
  // slower: 0.94-1.31 s against 0.91-1.17 s in alternating starts); listed again for the
  // sixteenth's slow machine (1,150-1,388 ms: knownMisses); off again in the seventeenth, on a
  // faster machine: 559 ms (starts of 595, 559 and 538 ms; 691 ms without the code cache);
  // listed again for the eighteenth's slow machine (1,111-1,410 ms: knownMisses).
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
  // Lighthouse, mobile (its default: simulated slow 4G and a 4x slower CPU), first visit; the
  // issue 23 budgets (home 98, the others 95). The lounge page was a known miss until 2026-11-29
  // (94-96): its detail call now starts with the app (app/page-prefetch.ts) and the first page's
  // code loads once the first screen is painted (app/router.tsx): 97-98 here, 96-97 in CI.
  // Off the known misses on 2026-11-29 (third session), with the channel's configuration in the
  // page (9a9e9cc): home 98-99 (its CI: 99, 99, 98), lounge 97-98, step 1 96-99 (94 on a first
  // try in that CI, 96 on the second: React's renders of the step, 220 ms of blocking time).
  // Listed again in the fourth session, on a slower machine (knownMisses), taken off in the
  // fifth (home 98-99, lounge 96, step 1 94-98) and listed again when its machine slowed;
  // 73-83 on the sixth session's machine, whose Chromium's own work had grown (layout of the home
  // page's 179 elements 36-60 ms, Lighthouse's benchmark index 2432); off again on 2026-11-30:
  // home 99 in nine runs, lounge 95-99, step 1 97-100; listed for that day's eighth session's
  // slow machine (90 / 83-92 / 78-81), off again in its ninth (99 / 98 / 100); listed for its
  // tenth's slow machine (80 / 87 / 71). Home off again in 2026-12-01's fifteenth session: 99
  // (runs 99, 99, 99) and 99 (99, 99, 98) in its benches, 98 (98, 99, 98) in its CI; the lounge
  // page and step 1 still listed (95 and 98 in that CI, 97-98 and 82-93 in its benches). Home
  // listed again for the sixteenth's slow machine (82-87: knownMisses). All three off the known
  // misses in the seventeenth, on a faster machine: home 99 (runs 99, 99, 99), lounge page 97 (97,
  // 97, 98), step 1 98 (98, 98, 99); each loses points only on its Largest Contentful Paint
  // (2.2-2.4 s) and, the lounge page and step 1, 110-120 ms of blocking time. All three listed
  // again for the eighteenth's slow machine (88 / 86 / 74: knownMisses), where blocking time is
  // most of what they lose.
  'Lighthouse performance: home': min(98, 'score'),
  'Lighthouse performance: lounge detail': min(95, 'score'),
  'Lighthouse accessibility: home': min(100, 'score'),
  'Lighthouse accessibility: lounge detail': min(100, 'score'),
  // Issue 23: the first step of a lounge pre-booking, for the demo member just logged in.
  'Lighthouse performance: lounge pre-booking step 1': min(95, 'score'),
  'Lighthouse accessibility: lounge pre-booking step 1': min(100, 'score'),
  // Issue 23: no layout shift as the first screen gives way to the page (and none after it):
  // cumulative layout shift, the largest of the runs.
  'Lighthouse layout shift (CLS): home': max(0.01, 'ratio'),
  'Lighthouse layout shift (CLS): lounge detail': max(0.01, 'ratio'),
  'Lighthouse layout shift (CLS): lounge pre-booking step 1': max(0.01, 'ratio'),
} as const satisfies Record<string, Budget>;

export type BudgetName = keyof typeof budgets;

/** A budget missed today: why, and the figure it may not get past while it is listed. */
export interface KnownMiss {
  why: string;
  /**
   * The hold: while listed, CI still fails on a figure worse than this (in the budget's unit and
   * direction), so a known miss cannot slip further unnoticed.
   */
  holdAt: number;
}

/**
 * Budgets the project misses today, each with what it would take (issue 8 keeps the list).
 * `npm run bench` still fails on them; CI runs it with BENCH_ALLOW_KNOWN_MISSES=1, which prints them
 * as KNOWN but fails on a miss not listed here or past its hold, so nothing can slip while they
 * wait. A known miss that passes is reported, to be taken off the list.
 */
export const knownMisses: Partial<Record<BudgetName, KnownMiss>> = {
  'Lighthouse performance: home': {
    why:
      "Listed again for 2026-12-01's eighteenth session's slow machine (Lighthouse's benchmark index " +
      '2,295-2,761 in its runs): 88 (runs 86, 88, 91; 91 and 85 in the tries before), against 98-99 ' +
      "with the same code on the seventeenth's machine. It loses blocking time, 430 ms (score 0.65), " +
      "far more than Largest Contentful Paint (2.2 s, the hero's picture, score 0.95). Lighthouse's " +
      "long tasks: React's renders of the page, 318, 155 and 92 ms at its 4x slowdown (most of the " +
      "blocking time), the page's parse and style 90-100 ms. A CPU profile at 4x: those renders are " +
      'mostly the making of the DOM (appendChild, createElement, attributes, completeWork), which ' +
      "React's hydration of a first screen sent as HTML would skip: the issue's first direction " +
      '(issue 23)',
    holdAt: 65,
  },
  'Lighthouse performance: lounge detail': {
    why:
      "Listed again for 2026-12-01's eighteenth session's slow machine: 86 (runs 85, 86, 87; 87 and " +
      "87 in the tries before), against 97 with the same code on the seventeenth's: blocking time " +
      "420 ms, Largest Contentful Paint 2.7 s (the lounge's first photo, after the app's code) (issue 23)",
    holdAt: 65,
  },
  'Lighthouse performance: lounge pre-booking step 1': {
    why:
      "Listed again for 2026-12-01's eighteenth session's slow machine: 74 (runs 74, 78, 70; 77 and " +
      "76 in the tries before), against 98 with the same code on the seventeenth's: blocking time " +
      "1,020 ms (React's renders of the step, 96-171 ms each at 4x, one after each answer it waits " +
      "for; the app's entry 202 ms), Largest Contentful Paint 2.6 s, the cookie banner's text " +
      '(issue 23)',
    holdAt: 55,
  },
  'lounge list: portal/bare req/s': {
    why:
      "Listed again for 2026-12-01's eighteenth session's slow machine: below 0.7 on its bench's " +
      'first try, 0.73 (13,966 against 19,065 a second) on its second, against 0.77-0.84 with the ' +
      "same code on the seventeenth's; 0.60-0.67 on the slow machines of the twelfth, fourteenth and " +
      'sixteenth sessions. A profile of the portal under the load (seventeenth session): its fast ' +
      "path's own frames about 3.7 us of the 38-45 us of CPU an answer costs it, against 27-37 us " +
      'for the bare server; about 6 us an answer not yet accounted for (issue 23)',
    holdAt: 0.5,
  },
  'server start to ready (existing database)': {
    why:
      "Listed again for 2026-12-01's eighteenth session's slow machine: 1,203 ms (starts of 1,410, " +
      '1,203 and 1,111 ms; 1,289 ms in a try before; 1,492 ms without the code cache), against ' +
      "516-559 ms with the same code on the seventeenth's. The start waits for the embedded " +
      "database (PGlite's WebAssembly and its data bundle on its thread) while the modules load on " +
      "the main one: each a core's work that follows the machine's speed (issue 23)",
    holdAt: 2000,
  },
  'lounge booking: bookings per second, PostgreSQL': {
    why:
      "2026-12-01's twenty-first session, a slow machine: 94 a second in its bench, 86-125 in runs of " +
      "their own. The bench now prints the timed run's CPU beside the figure (the portal's process " +
      "and PostgreSQL's, support/cpu-time.ts) and the most bookings a second that work allows with " +
      'every core busy: 108-165 here (0.97-1.49 s of CPU for the run, where 300 a second allows ' +
      '0.53 s), so no quieter machine of 2 cores meets 300 with this work a booking. ' +
      "2026-12-01's eighteenth session, a slow machine: 101 a second in its bench, 109-141 in runs of " +
      "their own. There the timed run kept both cores busy: the portal's process 0.42-0.68 s of CPU " +
      "(user and system) and PostgreSQL's 0.42-0.48 s in runs of 0.57-0.67 s; 300 a second allows " +
      '0.53 s of the two cores together, so both would have to halve. ' +
      "2026-12-01's seventeenth session, a faster machine (every other budget met): 182, then 134 a " +
      'second in its benches, 136-169 in runs of their own. With 400 places for the 400 (no one turned away) ' +
      '233-253 a second: the bookings alone miss 300, and the 320 refusals add 0.12-0.17 s to the ' +
      "run. A CPU profile of the timed run: the statements' socket writes 167 ms of about 590 " +
      "(0.14 ms each for 1,160 statements), pg's 67 ms, Fastify's, inject's and Node's HTTP 82 ms, " +
      "drizzle's 34 ms, zod's 23 ms. PostgreSQL's Unix socket instead of TCP: 145-169 a second, no " +
      "change (the write's cost is waking PostgreSQL's process on the other core, not TCP's). " +
      "2026-12-01's fifteenth session: 91, then 105 a second in its benches. " +
      "2026-12-01's fourteenth session, a slow machine: 119, 101, then 118 a second in its benches. The " +
      'request path alone costs 0.3 ms a call through inject (3,000 calls refused before their first ' +
      "statement, 40 in flight), so the run's 480 calls take 0.15 s of the 0.27 s that 300 a second " +
      'allows before any statement: 300 a second needs fewer statements than calls (the pre-books of ' +
      'one slot batched into one statement) as well as a payment of one or two statements. A CPU ' +
      "profile of the timed run: the statements' socket writes 0.34 s of 1.1 s (1,159 statements; each " +
      "write wakes PostgreSQL's process on the other core), pg's and drizzle's work per statement next. " +
      'A pool of 2-8 connections instead of 20: 102-136 a second, within the noise. ' +
      "2026-11-30's thirteenth session, a slow machine: 93 and 87 a second in its benches (the " +
      "twelfth's code, and the member's card, order and hold read through one ownRowReader). " +
      "2026-11-30's twelfth session, a slow machine: 99 and 104 a second in its benches (84-106 in " +
      'runs of their own; 57-83 before). pg_stat_statements showed the timed run planning nearly ' +
      'every statement: PostgreSQL plans a prepared statement afresh on its first five runs on ' +
      'each connection, and the one warm-up round ran each about twice a connection (71 plans in ' +
      '80 hold confirmations, 89 in 400 pre-books: 250 ms of its 600 ms of statements). Four ' +
      'warm-up days settle them (WARM_DAYS: 1 plan, 270 ms in all), as a serving portal has them: ' +
      "generic plans chosen by PostgreSQL itself, with no plan_cache_mode. Then the portal's one " +
      'thread is the limit: 0.63-0.79 s of CPU for the run (1.3-1.6 ms a call, its largest frames ' +
      "the statements' socket writes, drizzle's and pg's per-statement work, the inject and " +
      'Fastify request path), where 300 a second allows 0.53 s of both cores for the portal and ' +
      'PostgreSQL together. ' +
      "2026-11-30's eleventh session, on a slow machine (the Lighthouse notes'): 86 a second in " +
      "its first bench (the tenth's code), 77 in the bench after a payment was 8 statements " +
      '(68-79 and 75-95 in runs of their own before and after: as noisy as the difference). The ' +
      "order's insert and its hold's link are one statement now (openHoldOrder), so a booking is " +
      "10 statements: the pre-book 2, the payment 8 (the IP budget, the member's hold, the order " +
      "with its hold, then the transaction: begin, the free order's move, the hold's confirmation " +
      'with the passes spent, the booking with its email, commit); 1,159 statements for the timed ' +
      'run. There the portal used 0.6-0.9 s of CPU for the run, a third of it in the socket writes ' +
      'of its statements (0.3 ms each), and PostgreSQL 0.75-0.8 s (0.67 ms a statement; 0.55 s ' +
      'with plan_cache_mode=force_generic_plan, not taken: generic plans cannot use the partial ' +
      'indexes a parameter of the status would pick). At about 1.4 ms of the two cores a ' +
      'statement, 300 a second is about 380 statements for the run: fewer than its 480 calls, ' +
      'each at least one. ' +
      "75 a second in 2026-11-30's tenth session's bench, on a slow machine (the Lighthouse " +
      "notes'; the code of the ninth); 90-100 in warm runs of their own there once a booking was " +
      '11 statements (86-99 before, alternating): the pre-book 2 (a slot nobody asked for before ' +
      'made in one upsert by its first pre-books, not a read, an insert and a read again), the ' +
      'payment 9 (the booking and its confirmation email one insert), a refused pre-book 1; 1,241 ' +
      'statements for the timed run, 1,392 before. On that machine PostgreSQL used 1.1 s of CPU ' +
      "for the run (0.85 ms a statement) and the portal 0.8 s, each statement's socket write 40% of " +
      "the portal's thread in a profile taken beside other work. " +
      "2026-11-30's ninth session, on a fast machine: 135 a second in its first bench, 148 in its CI (100-192 in " +
      'runs of their own; 138-140 with no one turned away, 400 places for the 400). A booking was ' +
      '12 statements (the pre-book 2, the payment 10) and a refused pre-book 1: its token is now ' +
      "checked in its first statement, and the session's idle window slid at most once a minute. " +
      "For the 80 bookings and 320 refusals the portal's one thread (the bench's callers in it, " +
      'through inject) used 0.40-0.50 s of CPU and PostgreSQL 0.34-0.42 s on the other core, where ' +
      "300 a second allows 0.27 s of the run: both would have to halve. The portal's largest cost " +
      "is each statement's socket write to PostgreSQL (a quarter to a third of its CPU, about 0.1 ms " +
      "each over TCP), then drizzle's and pg's work per statement; PostgreSQL's about 0.3 ms a " +
      'statement. 300 a second would take the payment as one or two statements (its transaction, ' +
      'the order and the hold, as one statement or a database function) and batching the pre-books ' +
      "of one slot. Earlier: 50-63 a second on the eighth session's slow machine, 92 in the " +
      "seventh's bench, 55 in the sixth's, 49-63 in the fifth's; 2,271 statements for the run in " +
      'the fourth session, 6,032 before it (issue 23)',
    holdAt: LOUNGE_BOOKINGS_PG_HOLD,
  },
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

/**
 * Whether a figure may pass CI: within its budget, or a known miss within its hold. A measure
 * that could not be taken at all (the server no longer starts, Lighthouse cannot run) never is.
 */
export function withinHold(m: Measure): boolean {
  if (!isBudgeted(m) || m.error !== undefined) return m.error === undefined;
  const budget = budgets[m.name];
  if (withinBudget(m.value, budget)) return true;
  const known = knownMisses[m.name];
  return known !== undefined && withinBudget(m.value, { ...budget, limit: known.holdAt });
}

/** A measure that could not be taken: it misses its budget, with the reason. */
export function failed(name: BudgetName, error: unknown): Measure {
  return { name, value: Number.NaN, error: error instanceof Error ? error.message : String(error) };
}
