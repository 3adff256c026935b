import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { API_PREFIX, calls, type BookingOrderState, type Hold } from '@portal/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { bookings, productSlots } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import { upsertProducts } from '../../apps/api/src/platform/catalogue/catalogue-store';
import { createSession } from '../../apps/api/src/platform/sessions';
import { NQY_PRODUCTS } from '../../apps/api/test/catalogue-fixtures';
import { adminQuery, waitUntilUnused, withDatabaseName } from '../../apps/api/test/test-database';
import { startPortal } from '../../e2e/support/server';
import type { Measure } from '../budgets';
import { buildBenchApp, inWorkers, memberPost, type Envelope } from '../support/bench-app';
import { fixedResponse, startBareServer } from '../support/bare-server';
import { ceilingPerSecond, countCpu, type RunCpu } from '../support/cpu-time';
import { decodedText, type RawResponse } from '../support/http';
import { insertBenchMember } from '../support/members';
import { percentile } from '../support/percentile';
import {
  queryRecorder,
  replayer,
  turnsOf,
  type QueryRecorder,
  type ReplayCounts,
  type SentQuery,
  type Turn,
} from '../support/pg-replay';
import { requestBytes, timedWaves } from '../support/readers';
import { postgres } from './checkout';

export const BOOKERS = 400;
const AT_ONCE = 40;
/** Members of the untimed warm-up rounds (run), as many as are in flight at once. */
const WARMERS = AT_ONCE;
/**
 * The warm-up's rounds, one day each: every member books each day, spending their 4 passes.
 * 160 bookings over the pool's 20 connections run each statement of a booking on each
 * connection more than five times: PostgreSQL plans a prepared statement afresh on each of its
 * first five runs on a connection, then keeps its generic plan when that is no dearer. With one
 * round, the timed run still planned its statements on nearly every call (pg_stat_statements),
 * as a serving portal, warm, does not.
 */
const WARM_DAYS = 4;
export const GRID_READERS = 200;
const GRID_WAVES = 5;
const LOUNGE = 'NQY-LNG-1';
const CAPACITY = 10;
/** Slots the bookers aim at: more bookers than places, so some are turned away. */
const SLOTS = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
const VISIT_DAYS_AHEAD = 5;

interface Run {
  booked: number;
  refused: number;
  seconds: number;
  oversold: number;
  /** The timed bookings' CPU: the bench's process (the portal in it) and PostgreSQL's. */
  cpu: RunCpu;
  /** The grid readers' times, when they were asked (PostgreSQL), and the bare server's. */
  grid: { times: number[]; bareTimes: number[] };
}

/**
 * 200 members on the booking page of the lounge, asking for the day's slot grid at the same
 * instant, five times over, from their browsers' open connections: the portal as `npm start`
 * runs it, in a process of its own, on the bench's database. A second of untimed waves comes
 * first (as a browser's connections are open by the time it shows the page); each answer is
 * read to its last byte, then checked. Then the same waves at a bare node:http server sending
 * the portal's answer (the same bytes, headers too): the floor this machine sets.
 */
async function gridReaders(databaseUrl: string, bearers: string[], date: string) {
  const portal = await startPortal({ env: { DATABASE_URL: databaseUrl } });
  const path = `${API_PREFIX}${calls.availableTimes.path}`;
  const body = JSON.stringify({ code: LOUNGE, date });
  let answer: RawResponse | undefined;
  try {
    const times = await readerWaves(portal.baseUrl, path, bearers, body, (response) => {
      const envelope = JSON.parse(decodedText(response)) as Envelope<unknown>;
      if (response.status !== 200 || envelope.state !== '1')
        throw new Error(`the slot grid answered ${response.status}, ${JSON.stringify(envelope)}`);
      answer = response;
    });
    const bare = await startBareServer({ [path]: fixedResponse(answer!) });
    try {
      const bareTimes = await readerWaves(bare.baseUrl, path, bearers, body, (response) => {
        if (response.status !== 200 || !response.body.equals(answer!.body))
          throw new Error(`the bare server answered ${response.status}, not the portal's bytes`);
      });
      return { times, bareTimes };
    } finally {
      await bare.stop();
    }
  } finally {
    await portal.stop();
  }
}

/** A second of untimed waves of the readers, then GRID_WAVES timed: each answer's time, in ms. */
function readerWaves(
  baseUrl: string,
  path: string,
  bearers: string[],
  body: string,
  check: (response: RawResponse) => void,
): Promise<number[]> {
  const requests = bearers.slice(0, GRID_READERS).map((bearer) =>
    requestBytes(
      baseUrl,
      path,
      {
        channel: 'ASE',
        'content-type': 'application/json',
        'accept-encoding': 'gzip, deflate, br',
        authorization: `Bearer ${bearer}`,
      },
      body,
    ),
  );
  return timedWaves(baseUrl, requests, GRID_WAVES, check);
}

/** Members with passes, their memberships' numbers and their sessions' bearer tokens. */
async function members(database: Database, role: string, from: number, count: number, now: Date) {
  const made = [];
  for (let i = from; i < from + count; i++) {
    const { user, membership } = await insertBenchMember(database, role, i, now, 4);
    made.push({ dpid: membership.dpid, bearer: await createSession(database.db, user.id, now) });
  }
  return made;
}

type Booker = Awaited<ReturnType<typeof members>>[number];

/**
 * What the bench's database holds beyond the schema: the lounge, the bookers, and the members
 * of the warm-up round (others, so that no booker's session is known to the portal beforehand).
 */
async function prepare(database: Database, now: Date): Promise<Prepared> {
  await database.migrate();
  await seed(database.db, { demo: false });
  await upsertProducts(
    database.db,
    [{ ...NQY_PRODUCTS[0]!, capacityPerSlot: CAPACITY }, ...NQY_PRODUCTS.slice(1)],
    'import',
  );
  return {
    now,
    bookers: await members(database, 'Booker', 0, BOOKERS, now),
    warmers: await members(database, 'Booker', BOOKERS, WARMERS, now),
  };
}

interface Prepared {
  now: Date;
  bookers: Booker[];
  warmers: Booker[];
}

/** Places booked beyond a slot's capacity, and slots whose count disagrees with their bookings. */
export async function oversoldIn(database: Database): Promise<number> {
  const rows = await database.db
    .select({
      capacity: productSlots.capacity,
      taken: productSlots.taken,
      booked: sql<number>`coalesce(sum(${bookings.places}), 0)`.mapWith(Number),
    })
    .from(productSlots)
    .leftJoin(bookings, and(eq(bookings.slotId, productSlots.id), ne(bookings.status, 'cancelled')))
    .groupBy(productSlots.id);
  return rows.reduce(
    (n, r) => n + Math.max(0, r.booked - r.capacity) + (r.taken === r.booked ? 0 : 1),
    0,
  );
}

/**
 * Each member books a lounge visit on `date` (AT_ONCE in flight), choosing one of the 8 slots
 * by turn: pre-book (the hold) then prepare-order paid with passes, the whole path of the
 * checkout engine. A member turned away by a full slot is counted; any other answer fails.
 */
async function bookAll(
  post: ReturnType<typeof memberPost>,
  bookers: Booker[],
  date: string,
  asJob: (i: number, book: () => Promise<void>) => Promise<void> = (_, book) => book(),
) {
  let booked = 0;
  let refused = 0;
  await inWorkers(AT_ONCE, bookers.length, (i) => asJob(i, () => bookOne(i)));
  return { booked, refused };

  async function bookOne(i: number) {
    const b = bookers[i]!;
    const held = await post<Hold>(
      calls.startPreBooking.path,
      { code: LOUNGE, date, time: SLOTS[i % SLOTS.length], flightNumber: 'BA1234', dpid: b.dpid },
      b.bearer,
    );
    if (held.state !== '1') {
      if (held.errorCode !== '50006') throw new Error(`pre-book failed: ${held.errorCode}`);
      refused += 1;
      return;
    }
    const paid = await post<BookingOrderState>(
      calls.prepareBookingOrder.path,
      { holdId: held.result.holdId, idempotencyKey: `bench-lounge-booking-${date}-${i}` },
      b.bearer,
    );
    if (paid.state !== '1' || paid.result.outcome !== 'fulfilled')
      throw new Error(`prepare-order failed: ${JSON.stringify(paid).slice(0, 200)}`);
    booked += 1;
  }
}

/** The day `daysAhead` days after `now` (UTC), as a visit's date (yyyy-mm-dd). */
export const visitDate = (now: Date, daysAhead: number) =>
  new Date(now.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/**
 * 400 members book a lounge visit at once (bookAll), 80 places for them. WARM_DAYS rounds of
 * WARMERS other members booking the days after come first, untimed: a portal serving bookings
 * has its pool's connections open, each server process behind them with the tables' catalogue
 * read and its statements' plans settled, and its own code compiled; the first calls of a fresh
 * process measure those instead (on PostgreSQL, the first plans of each new connection took up
 * to 45 ms). On PostgreSQL, what the portal sends is recorded by member (`recorder`), and the
 * anchor replays it, warm-up then timed bookings, each right after the portal's; then 200
 * readers ask for the day's slot grid (gridReaders). The timed bookings' CPU is counted,
 * PostgreSQL's too when it runs here.
 */
async function run(
  database: Database,
  { now, bookers, warmers }: Prepared,
  postgres?: { url: string; recorder: QueryRecorder; anchor: AnchorRun },
): Promise<Run> {
  const recorder = postgres?.recorder;
  const asJob =
    (phase: string) =>
    (i: number, book: () => Promise<void>): Promise<void> =>
      recorder ? recorder.within(`${phase} ${i}`, book) : book();
  /** The recorded jobs of a phase, one a member, as their connections' turns. */
  const jobsOf = (phase: string, members: Booker[]) =>
    members.map((_m, i) => turnsOf(recorder!.queriesOf(`${phase} ${i}`)));
  const app = await buildBenchApp(database);
  try {
    const date = visitDate(now, VISIT_DAYS_AHEAD);
    const post = memberPost(app);
    for (let day = 1; day <= WARM_DAYS; day++) {
      const warmDate = visitDate(now, VISIT_DAYS_AHEAD + day);
      const warm = await bookAll(post, warmers, warmDate, asJob(`warm-up ${day}`));
      if (warm.booked !== WARMERS)
        throw new Error(`the warm-up booked ${warm.booked} of ${WARMERS} on its day ${day}`);
    }
    if (postgres) {
      const days = Array.from({ length: WARM_DAYS }, (_, d) => jobsOf(`warm-up ${d + 1}`, warmers));
      await postgres.anchor.warmUp([...postgres.recorder.outside()], days);
    }
    const outsideBefore = recorder?.outside().length ?? 0;

    // The CPU count's readings (PostgreSQL's from /proc) are outside the timed bookings.
    const cpuUsed = countCpu(postgres?.url);
    const started = performance.now();
    const { booked, refused } = await bookAll(post, bookers, date, asJob('timed'));
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuUsed();
    // The anchor's timed replay follows at once: the machine as busy, or as idle, for both.
    if (postgres)
      await postgres.anchor.timed(
        jobsOf('timed', bookers),
        postgres.recorder.outside().slice(outsideBefore),
      );

    const grid = postgres
      ? await gridReaders(
          postgres.url,
          bookers.map((b) => b.bearer),
          date,
        )
      : { times: [], bareTimes: [] };
    return { booked, refused, seconds, cpu, oversold: await oversoldIn(database), grid };
  } finally {
    await app.close();
  }
}

/**
 * Where the PostgreSQL run's timed bookings spent their CPU, and the most bookings a second that
 * work allows on this machine (every core busy with it, nothing else running): a budget above
 * that ceiling needs less work a booking, whatever the machine's load (issue 23).
 */
function cpuMeasures(onPg: Run): Measure[] {
  const { processMs, postgresMs } = onPg.cpu;
  const portal: Measure = {
    name: 'lounge booking: CPU of the timed run, portal (PostgreSQL)',
    value: processMs,
    unit: 'ms',
    note: `the bench's process: the portal and its calls' client, ${(processMs / onPg.booked).toFixed(1)} ms a booking (its share of the refusals too)`,
  };
  if (postgresMs === undefined) return [portal];
  const cpuMs = processMs + postgresMs;
  return [
    portal,
    {
      name: 'lounge booking: CPU of the timed run, PostgreSQL',
      value: postgresMs,
      unit: 'ms',
      note: `the server's processes on this machine, ${(postgresMs / onPg.booked).toFixed(1)} ms a booking (its share of the refusals too)`,
    },
    {
      name: 'lounge booking: bookings per second at full use of every core, PostgreSQL',
      value: ceilingPerSecond(onPg.booked, cpuMs),
      unit: 'req/s',
      note: `${onPg.booked} bookings' CPU (${Math.round(cpuMs)} ms) over ${os.availableParallelism()} cores with none idle`,
    },
  ];
}

/** The portal's pool on PostgreSQL, and the plain pg script's. */
const POOL_SIZE = 20;

/**
 * The run on PostgreSQL (the server at `serverUrl`), in a database of its own, what the portal
 * sends there recorded by job (pg-replay.ts), and beside it the anchor (anchorRun) in a copy of
 * that database made once the bench's members were in it, before the portal first ran on it.
 */
async function postgresRun(serverUrl: string): Promise<{ onPg: Run; anchor: Anchor }> {
  const bench = `lounge_bench_${process.pid}`;
  const copy = `lounge_anchor_${process.pid}`;
  const url = withDatabaseName(serverUrl, bench);
  await adminQuery(serverUrl, `CREATE DATABASE ${bench}`);
  try {
    const plain = await openDatabase({ kind: 'pg', url, poolSize: POOL_SIZE });
    let prepared: Prepared;
    try {
      prepared = await prepare(plain, new Date());
      // The planner's statistics of the members just written, in both databases alike (the
      // server's own analyses come when they will).
      await plain.db.execute(sql`analyze`);
    } finally {
      await plain.close();
    }
    // A template has no sessions: the copy waits for the pool's to end.
    await waitUntilUnused(serverUrl, bench);
    await adminQuery(serverUrl, `CREATE DATABASE ${copy} TEMPLATE ${bench}`);

    const recorder = queryRecorder();
    const anchor = anchorRun(withDatabaseName(serverUrl, copy));
    let onPg: Run;
    try {
      const database = await openDatabase({
        kind: 'pg',
        url,
        poolSize: POOL_SIZE,
        Client: recorder.Client,
      });
      try {
        recorder.attach(database);
        onPg = await run(database, prepared, { url, recorder, anchor });
      } finally {
        await database.close();
      }
    } finally {
      await anchor.close();
    }
    return { onPg, anchor: await anchor.result(visitDate(prepared.now, VISIT_DAYS_AHEAD)) };
  } finally {
    for (const name of [copy, bench]) {
      await waitUntilUnused(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  }
}

/** The plain pg script's replay of the portal's timed bookings: its time, and what it sent. */
interface Anchor {
  seconds: number;
  counts: ReplayCounts;
  /** Queries the portal sent outside the bookers' jobs while they ran, replayed beside them. */
  outside: number;
  /** What its replay of the portal's start and warm-up sent, untimed. */
  warm: ReplayCounts;
  /** The bookings the replay left on the timed bookings' day, and places oversold in all. */
  booked: number;
  oversold: number;
}

/** The anchor's steps, each taken in run as the portal's run reaches it. */
interface AnchorRun {
  /** Untimed: what the portal sent from its start to the end of its warm-up. */
  warmUp(startUp: SentQuery[], days: Turn[][][]): Promise<void>;
  /** Timed: the bookers' jobs, and what the portal sent outside them meanwhile. */
  timed(jobs: Turn[][], outside: SentQuery[]): Promise<void>;
  close(): Promise<void>;
  /** Once closed: its figures, and what it left on the bookings' `date`. */
  result(date: string): Promise<Anchor>;
}

/**
 * The anchor: a plain pg.Pool of POOL_SIZE connections on `url`, the copy of the bench's
 * database as it was before the portal ran on it, sending what the portal sent PostgreSQL with
 * its concurrency, AT_ONCE bookers' jobs in flight (pg-replay.ts). Once the portal has warmed
 * up, what it sent from its start on, untimed: the copy is then as the bench's database was
 * before the timed bookings, the script's connections warmed by the same statements. Right after
 * the portal's timed bookings, each booker's statements in their transactions, timed as bookAll
 * is. The same work on PostgreSQL without the portal.
 */
function anchorRun(url: string): AnchorRun {
  const replay = replayer(url, POOL_SIZE);
  let warm: ReplayCounts | undefined;
  let timed: Pick<Anchor, 'seconds' | 'counts' | 'outside'> | undefined;
  return {
    async warmUp(startUp, days) {
      await replay.round([turnsOf(startUp)]).run(1);
      for (const day of days) await replay.round(day).run(AT_ONCE);
      warm = replay.take();
    },
    async timed(jobs, outside) {
      // Sent outside the bookers' jobs (none, unless a timer of the portal's fired): one more.
      const others = outside.length > 0 ? [turnsOf(outside)] : [];
      const round = replay.round([...jobs, ...others]);
      const started = performance.now();
      await round.run(AT_ONCE);
      const seconds = (performance.now() - started) / 1000;
      timed = { seconds, counts: replay.take(), outside: outside.length };
    },
    close: () => replay.close(),
    async result(date) {
      if (!warm || !timed) throw new Error('the anchor was not run');
      const database = await openDatabase({ kind: 'pg', url, poolSize: 1 });
      try {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(bookings)
          .where(and(eq(bookings.visitDate, date), ne(bookings.status, 'cancelled')));
        return { ...timed, warm, booked: row?.n ?? 0, oversold: await oversoldIn(database) };
      } finally {
        await database.close();
      }
    },
  };
}

/**
 * The portal's bookings a second on PostgreSQL against the plain pg script's (anchorRun): the
 * same bookings over the time the script took to send the same statements, in the same
 * transactions, on the same server, as many at once. The ratio is the portal's own share (its
 * HTTP layer, validation, query building, logic), whatever the machine.
 */
function anchorMeasures(onPg: Run, anchor: Anchor): Measure[] {
  const portalRate = onPg.booked / onPg.seconds;
  const anchorRate = onPg.booked / anchor.seconds;
  const { counts, warm } = anchor;
  /** How a replay's answers differed from the portal's run: its failures first. */
  const answers = (c: ReplayCounts) =>
    [
      c.failed === 0
        ? 'none failed'
        : `${c.failed} FAILED (${c.skipped} after them in their transactions rolled back: ${c.failures.join('; ')})`,
      ...(c.failedAsRecorded > 0 ? [`${c.failedAsRecorded} failed as in the portal's run`] : []),
      `${c.differed} answered another row count`,
    ].join(', ');
  const { outside } = anchor;
  return [
    {
      name: 'lounge booking: portal/plain-pg bookings per second, PostgreSQL',
      value: portalRate / anchorRate,
      unit: 'ratio',
      note: `the portal ${portalRate.toFixed(1)} bookings/s (${onPg.seconds.toFixed(2)} s), a plain pg script sending its statements ${anchorRate.toFixed(1)} (${anchor.seconds.toFixed(2)} s)`,
    },
    {
      name: 'lounge booking: plain pg replay bookings per second, PostgreSQL',
      value: anchorRate,
      unit: 'req/s',
      note:
        `the ${counts.statements} statements (${counts.roundTrips} round trips, ${counts.transactions} transactions) the portal sent for its ${onPg.booked} bookings and ${onPg.refused} refusals` +
        `${outside > 0 ? ` (${outside} outside the bookers')` : ''}, replayed by a pg.Pool of ${POOL_SIZE} on a copy of its database, ${AT_ONCE} bookers at once: ${answers(counts)}; ` +
        `${anchor.booked} bookings left on the day, ${anchor.oversold} places oversold; after the portal's start and warm-up replayed (${warm.statements} statements: ${answers(warm)})`,
    },
  ];
}

export async function benchLoungeBooking(): Promise<Measure[]> {
  const lite = await openDatabase({ kind: 'pglite' });
  let onLite: Run;
  try {
    onLite = await run(lite, await prepare(lite, new Date()));
  } finally {
    await lite.close();
  }
  const pg = await postgres();
  let onPg: Run;
  let anchor: Anchor;
  try {
    ({ onPg, anchor } = await postgresRun(pg.url));
  } finally {
    await pg.done();
  }
  const note = (r: Run) =>
    `${r.booked} booked, ${r.refused} turned away (${SLOTS.length * CAPACITY} places) in ${r.seconds.toFixed(1)} s`;
  return [
    {
      name: 'lounge booking: bookings per second, PGlite',
      value: onLite.booked / onLite.seconds,
      unit: 'req/s',
      note: note(onLite),
    },
    {
      name: 'lounge booking: bookings per second, PostgreSQL',
      value: onPg.booked / onPg.seconds,
      unit: 'req/s',
      note: note(onPg),
    },
    ...anchorMeasures(onPg, anchor),
    ...cpuMeasures(onPg),
    {
      name: 'lounge booking: places oversold',
      value:
        onLite.oversold +
        onPg.oversold +
        Math.max(0, onLite.booked - 80) +
        Math.max(0, onPg.booked - 80),
    },
    {
      name: 'lounge booking: slot grid p99, 200 concurrent readers (PostgreSQL)',
      value: percentile(onPg.grid.times, 0.99),
      note: `p50 ${percentile(onPg.grid.times, 0.5).toFixed(1)} ms, ${onPg.grid.times.length} calls over HTTP to the portal's own process`,
    },
    {
      name: 'lounge booking: slot grid p99, 200 concurrent readers, bare server',
      value: percentile(onPg.grid.bareTimes, 0.99),
      unit: 'ms',
      note: `p50 ${percentile(onPg.grid.bareTimes, 0.5).toFixed(1)} ms; the same bytes from node:http`,
    },
  ];
}
