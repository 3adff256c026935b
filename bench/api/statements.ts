import {
  calls,
  cardCode,
  type Amended,
  type BookingOrderState,
  type Hold,
  type Voucher,
} from '@portal/contract';
import { startSandbox } from '@portal/psp-sandbox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { seed } from '../../apps/api/src/db/seed/index';
import { minuteOf } from '../../apps/api/src/modules/products/product-list-cache';
import { upsertProducts } from '../../apps/api/src/platform/catalogue/catalogue-store';
import {
  cardTotpSecret,
  digitalCardKeysFromEnv,
  issueCardToken,
} from '../../apps/api/src/platform/digital-card';
import { hashPassword } from '../../apps/api/src/platform/password-crypto';
import { cacheClock, SETTLE_MS } from '../../apps/api/src/platform/read-cache';
import { createSession } from '../../apps/api/src/platform/sessions';
import { MEMBER_KEPT_MS } from '../../apps/api/src/plugins/auth';
import { encrypterOf } from '../../apps/api/test/password-encryption';
import type { Measure } from '../budgets';
import { buildBenchApp, memberPost, type Envelope } from '../support/bench-app';
import { saveBenchCard } from '../support/cards';
import { insertBenchMember } from '../support/members';
import {
  statementCounter,
  type StatementCounter,
  type StatementCounts,
} from '../support/statement-counter';
import { postgres } from './checkout';
import { OFFER_PRODUCTS, OUTLET } from './offers';
import { visitDate } from './lounge-booking';

/** Runs of a call before the one counted: its statements prepared, its caches filled. */
const WARM_RUNS = 2;
/** Tries at a call whose runs the wall clock could have told apart (countedRun). */
const TRIES = 3;
const AIRPORT = 'NQY';
const LOUNGE = 'NQY-LNG-1';
const VISIT_DAYS_AHEAD = 5;
const PASSWORD = 'Bench-Password-1';

/** The hot calls, in the order counted, each as `statements: <call>` and `round trips: <call>`. */
export const COUNTED_CALLS = [
  'login',
  'lounge list',
  'slot grid',
  'lounge pre-book',
  'pay with passes',
  'pay by card',
  'cancel',
  'amend',
  'offer redeem',
  'voucher confirm',
  'digital-card verify',
] as const;
export type CountedCall = (typeof COUNTED_CALLS)[number];

/** What each counted run is (the measures' notes). */
const CALL_NOTES: Record<CountedCall, string> = {
  login: 'a returning member, password encrypted as the browser does',
  'lounge list': "an airport's lounges, a visitor",
  'slot grid': "a lounge's day, asked again by the member",
  'lounge pre-book': "a new member's hold on their passes, the slot asked for before",
  'pay with passes': 'prepare-order of a hold the passes cover, just held',
  'pay by card': "prepare-order of a hold at the guest price, the member's saved card",
  cancel: 'a booking paid with passes, days ahead (the passes back)',
  amend: 'a booking paid with passes moved to another time that day',
  'offer redeem': "a new member's spa offer spending a pass",
  'voucher confirm': "the outlet's till confirming a voucher just redeemed",
  'digital-card verify': "a lounge desk checking a member's current card code",
};

/** One counted run of a call: its counts, and the SQL it sent, in order. */
export interface CallCount extends StatementCounts {
  sent: string[];
}

/** One call of the API, in this process, and its parsed answer. */
interface Answer {
  status: number;
  body: unknown;
}

/** The answer's result when it succeeded (state '1', or `state` given); else throws with it. */
function succeeded<T>(call: string, answer: Envelope<T>, state = '1'): T {
  if (answer.state !== state)
    throw new Error(`${call} did not succeed: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.result;
}

/** An operator call's answer (a desk, a till): 200 and valid, or throws with it. */
function validAtDesk(call: string, answer: Answer): void {
  const body = answer.body as { valid?: unknown };
  if (answer.status !== 200 || body.valid !== true)
    throw new Error(
      `${call} did not succeed: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
}

/**
 * The read caches' clock (read-cache.ts: `cacheClock`, which tests set too), standing still
 * except when moved on: what a cache keeps, and for how long, then depends on the calls made
 * and not on how fast this machine makes them.
 */
function steppedCacheClock() {
  const real = cacheClock.now;
  let now = real();
  cacheClock.now = () => now;
  return {
    /** Past SETTLE_MS: every change counted so far has settled (a read of it is kept again). */
    settle() {
      now += SETTLE_MS + 1;
    },
    restore() {
      cacheClock.now = real;
    },
  };
}

/**
 * Counts one run of a call as a serving process makes it: WARM_RUNS runs first (each on inputs
 * of its own, `prepare`d before it as before the counted one), the read caches' clock moved past
 * SETTLE_MS before them and still while they and the counted run are made. The portal's own
 * clock is the system's: a token's check is taken on its word for MEMBER_KEPT_MS, a product list
 * for the minute, so runs that spanned either are made again (all of them, on new inputs).
 */
async function countedRun<P>(
  counter: StatementCounter,
  clock: ReturnType<typeof steppedCacheClock>,
  call: CountedCall,
  prepare: (run: number) => P | Promise<P>,
  run: (input: P) => Promise<void>,
): Promise<CallCount> {
  let runs = 0;
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    clock.settle();
    const started = Date.now();
    for (let i = 0; i < WARM_RUNS; i++) await run(await prepare(runs++));
    const input = await prepare(runs++);
    await counter.idle();
    counter.reset();
    await run(input);
    await counter.idle();
    const counts = { ...counter.read(), sent: [...counter.sent()] };
    const ended = Date.now();
    if (
      ended - started < MEMBER_KEPT_MS &&
      minuteOf(new Date(started)) === minuteOf(new Date(ended))
    )
      return counts;
  }
  throw new Error(
    `${call}: ${TRIES} tries each spanned a minute's turn or more than ${MEMBER_KEPT_MS} ms`,
  );
}

/** The bench's calls: a member's (memberPost), a visitor's, an operator's from this machine. */
function callers(app: FastifyInstance) {
  const member = memberPost(app);
  const visitor = async <T>(path: string, payload: object): Promise<Envelope<T>> => {
    const response = await app.inject({
      method: 'POST',
      url: `/client-api${path}`,
      headers: { channel: 'ASE' },
      payload,
    });
    return response.json<Envelope<T>>();
  };
  const operator = async (url: string, payload: object): Promise<Answer> => {
    const response = await app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  };
  return { member, visitor, operator };
}

/** Bench members, each new: a user with a NatWest membership and a session. */
function memberMaker(database: Database) {
  let next = 0;
  return async (passesPerYear: number) => {
    const now = new Date();
    const { user, membership } = await insertBenchMember(
      database,
      'Counted',
      next++,
      now,
      passesPerYear,
    );
    return {
      user,
      membership,
      bearer: await createSession(database.db, user.id, now),
    };
  };
}

/** Every hot call counted on the bench's API (countedRun), in COUNTED_CALLS' order. */
async function countAll(
  app: FastifyInstance,
  database: Database,
  counter: StatementCounter,
  clock: ReturnType<typeof steppedCacheClock>,
): Promise<Map<CountedCall, CallCount>> {
  const { member, visitor, operator } = callers(app);
  const newMember = memberMaker(database);
  const date = visitDate(new Date(), VISIT_DAYS_AHEAD);
  const counted = new Map<CountedCall, CallCount>();
  const count = async <P>(
    call: CountedCall,
    prepare: (run: number) => P | Promise<P>,
    run: (input: P) => Promise<void>,
  ) => counted.set(call, await countedRun(counter, clock, call, prepare, run));

  /** A fresh member's pre-book at `time` (with their membership's passes unless told). */
  const preBook = async (
    m: Awaited<ReturnType<typeof newMember>>,
    time: string,
    withPasses = true,
  ) =>
    succeeded(
      'pre-book',
      await member<Hold>(
        calls.startPreBooking.path,
        {
          code: LOUNGE,
          date,
          time,
          flightNumber: 'BA1234',
          ...(withPasses ? { dpid: m.membership.dpid } : {}),
        },
        m.bearer,
      ),
    );
  let orders = 0;
  const payWithPasses = async (holdId: string, bearer: string) => {
    const paid = succeeded(
      'prepare-order',
      await member<BookingOrderState>(
        calls.prepareBookingOrder.path,
        { holdId, idempotencyKey: `bench-statements-${String(orders++).padStart(6, '0')}` },
        bearer,
      ),
    );
    if (paid.outcome !== 'fulfilled' || !paid.booking)
      throw new Error(`prepare-order was not fulfilled: ${JSON.stringify(paid).slice(0, 300)}`);
    return paid.booking;
  };
  /** A fresh member's lounge booking at `time`, paid with passes: its Booking ID. */
  const booked = async (time: string) => {
    const m = await newMember(4);
    const hold = await preBook(m, time);
    return { bearer: m.bearer, bookingId: (await payWithPasses(hold.holdId, m.bearer)).bookingId };
  };

  // A returning member logs in with their password.
  const { publicKey } = succeeded(
    'encryptPublicKey',
    await visitor<{ publicKey: string }>(calls.encryptPublicKey.path, {}),
    '11',
  );
  const encrypt = encrypterOf(publicKey);
  const returning = await newMember(4);
  await database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, returning.user.id));
  await count(
    'login',
    () => ({ email: returning.user.email, password: encrypt(PASSWORD) }),
    async (payload) => {
      succeeded('login', await visitor(calls.genToken.path, payload));
    },
  );

  await count(
    'lounge list',
    () => undefined,
    async () => {
      succeeded('lounge list', await visitor(calls.loungeList.path, { airportCode: AIRPORT }));
    },
  );

  // A member on the booking page, asking for the day's grid again.
  const looking = await newMember(4);
  await count(
    'slot grid',
    () => undefined,
    async () => {
      succeeded(
        'slot grid',
        await member(calls.availableTimes.path, { code: LOUNGE, date, places: 1 }, looking.bearer),
      );
    },
  );

  // Each of the calls below can be made once on its inputs: a new member each run.
  await count(
    'lounge pre-book',
    () => newMember(4),
    async (m) => {
      await preBook(m, '09:00');
    },
  );

  await count(
    'pay with passes',
    async () => {
      const m = await newMember(4);
      return { holdId: (await preBook(m, '09:30')).holdId, bearer: m.bearer };
    },
    async ({ holdId, bearer }) => {
      await payWithPasses(holdId, bearer);
    },
  );

  let cards = 0;
  await count(
    'pay by card',
    async () => {
      const m = await newMember(0);
      const cardId = await saveBenchCard(app, database, m.user.id, cards++, 'Counted');
      return { holdId: (await preBook(m, '10:00', false)).holdId, cardId, bearer: m.bearer };
    },
    async ({ holdId, cardId, bearer }) => {
      const paid = succeeded(
        'prepare-order by card',
        await member<BookingOrderState>(
          calls.prepareBookingOrder.path,
          {
            holdId,
            cardId,
            idempotencyKey: `bench-statements-${String(orders++).padStart(6, '0')}`,
          },
          bearer,
        ),
      );
      if (paid.outcome !== 'fulfilled')
        throw new Error(`a card payment was not fulfilled: ${JSON.stringify(paid).slice(0, 300)}`);
    },
  );

  await count(
    'cancel',
    () => booked('10:30'),
    async ({ bookingId, bearer }) => {
      succeeded('cancel', await member(calls.cancelBooking.path, { bookingId }, bearer));
    },
  );

  await count(
    'amend',
    () => booked('11:00'),
    async ({ bookingId, bearer }) => {
      const changed = succeeded(
        'amend',
        await member<Amended>(calls.amendBooking.path, { bookingId, date, time: '11:30' }, bearer),
      );
      if (changed.outcome !== 'changed')
        throw new Error(`amend answered ${JSON.stringify(changed).slice(0, 300)}`);
    },
  );

  const redeem = async (bearer: string) =>
    succeeded(
      'offer redeem',
      await member<Voucher>(calls.redeemSpaOffer.path, { id: OUTLET }, bearer),
    ).code;
  await count(
    'offer redeem',
    () => newMember(2),
    async (m) => {
      await redeem(m.bearer);
    },
  );

  await count(
    'voucher confirm',
    async () => redeem((await newMember(2)).bearer),
    async (code) => {
      validAtDesk(
        'voucher confirm',
        await operator('/ops-api/vouchers/confirm', { code, productId: OUTLET }),
      );
    },
  );

  const keys = digitalCardKeysFromEnv(app.env);
  if (!keys) throw new Error('no digital card keys in the bench environment');
  const holder = await newMember(4);
  const token = await issueCardToken(
    keys,
    {
      dpid: holder.membership.dpid,
      holderName: holder.membership.holderName,
      status: holder.membership.status,
      expiresOn: holder.membership.expiresOn,
      issuer: holder.membership.issuer,
    },
    new Date(),
  );
  await count(
    'digital-card verify',
    () => cardCode(token, cardTotpSecret(keys, holder.membership.dpid), new Date()),
    async (code) => {
      validAtDesk('digital-card verify', await operator('/ops-api/digital-card/verify', { code }));
    },
  );
  return counted;
}

/**
 * The SQL statements and round trips of one run of each hot call, counted at the pg driver (a
 * counting pg.Client in the pool: statement-counter.ts) as a serving process makes it, after
 * runs that warmed it (countedRun). Counts, not times: the same on any machine, so each is a
 * ceiling a change must not raise unawares (statement-budgets.ts). On PostgreSQL with a pool;
 * the provider's stand-in in this process. Given `sent`, each call's SQL goes in it by call.
 */
export async function benchStatements(
  options: { sent?: Map<string, readonly string[]> } = {},
): Promise<Measure[]> {
  const pg = await postgres();
  const psp = await startSandbox({ port: 0, host: '127.0.0.1', apiKey: 'bench-key' });
  const counter = statementCounter();
  const database = await openDatabase({
    kind: 'pg',
    url: pg.url,
    poolSize: 4,
    Client: counter.Client,
  });
  let clock: ReturnType<typeof steppedCacheClock> | undefined;
  try {
    await database.migrate();
    await seed(database.db, { demo: false });
    await upsertProducts(database.db, OFFER_PRODUCTS, 'import');
    const app = await buildBenchApp(database, psp.url);
    try {
      clock = steppedCacheClock();
      const counted = await countAll(app, database, counter, clock);
      return COUNTED_CALLS.flatMap((call): Measure[] => {
        const counts = counted.get(call)!;
        options.sent?.set(call, counts.sent);
        const note = `${CALL_NOTES[call]}; one run, after ${WARM_RUNS} warming it`;
        return [
          { name: `statements: ${call}`, value: counts.statements, unit: 'count', note },
          { name: `round trips: ${call}`, value: counts.roundTrips, unit: 'count', note },
        ];
      });
    } finally {
      await app.close();
    }
  } finally {
    clock?.restore();
    await database.close();
    await psp.close();
    await pg.done();
  }
}
