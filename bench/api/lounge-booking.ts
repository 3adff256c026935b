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
import { startPortal } from '../../e2e/support/server';
import type { Measure } from '../budgets';
import { buildBenchApp, inWorkers, memberPost, type Envelope } from '../support/bench-app';
import { fixedResponse, startBareServer } from '../support/bare-server';
import { ceilingPerSecond, countCpu, type RunCpu } from '../support/cpu-time';
import { decodedText, type RawResponse } from '../support/http';
import { insertBenchMember } from '../support/members';
import { percentile } from '../support/percentile';
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
 * round (40 bookings, 2 a connection), the timed run still planned its statements on nearly
 * every call: 71 plans in 80 runs of the hold's confirmation, 89 in 400 pre-books, about 250 ms
 * of PostgreSQL's 600 (pg_stat_statements, 2026-11-30); with four, 1 plan and 270 ms in all.
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
async function prepare(database: Database, now: Date) {
  await database.migrate();
  await seed(database.db, { demo: false });
  await upsertProducts(
    database.db,
    [{ ...NQY_PRODUCTS[0]!, capacityPerSlot: CAPACITY }, ...NQY_PRODUCTS.slice(1)],
    'import',
  );
  return {
    bookers: await members(database, 'Booker', 0, BOOKERS, now),
    warmers: await members(database, 'Booker', BOOKERS, WARMERS, now),
  };
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
async function bookAll(post: ReturnType<typeof memberPost>, bookers: Booker[], date: string) {
  let booked = 0;
  let refused = 0;
  await inWorkers(AT_ONCE, bookers.length, async (i) => {
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
  });
  return { booked, refused };
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
 * to 45 ms). Then, given the PostgreSQL server's URL, 200 readers ask for the day's slot grid
 * (gridReaders); the timed bookings' CPU is counted, PostgreSQL's too when it runs here.
 */
async function run(database: Database, postgresUrl?: string): Promise<Run> {
  const now = new Date();
  const { bookers, warmers } = await prepare(database, now);
  const app = await buildBenchApp(database);
  try {
    const date = visitDate(now, VISIT_DAYS_AHEAD);
    const post = memberPost(app);
    for (let day = 1; day <= WARM_DAYS; day++) {
      const warm = await bookAll(post, warmers, visitDate(now, VISIT_DAYS_AHEAD + day));
      if (warm.booked !== WARMERS)
        throw new Error(`the warm-up booked ${warm.booked} of ${WARMERS} on its day ${day}`);
    }

    // The CPU count's readings (PostgreSQL's from /proc) are outside the timed bookings.
    const cpuUsed = countCpu(postgresUrl);
    const started = performance.now();
    const { booked, refused } = await bookAll(post, bookers, date);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuUsed();

    const grid = postgresUrl
      ? await gridReaders(
          postgresUrl,
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

export async function benchLoungeBooking(): Promise<Measure[]> {
  const lite = await openDatabase({ kind: 'pglite' });
  let onLite: Run;
  try {
    onLite = await run(lite);
  } finally {
    await lite.close();
  }
  const pg = await postgres();
  let onPg: Run;
  try {
    const database = await openDatabase({ kind: 'pg', url: pg.url, poolSize: 20 });
    try {
      onPg = await run(database, pg.url);
    } finally {
      await database.close();
    }
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
