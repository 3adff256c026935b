#!/usr/bin/env node
/*
 * Mutation checks: each guard that protects money, places or locks is removed in turn, and the
 * race test written for it must fail; with the guard back, it must pass. A test that still
 * passes without its guard does not guard it. A mutant may name a `command` (an argv, run from
 * the repository's root) in place of a race `test`, and `caughtWhen`, what its output must show
 * for a failure to count as caught (else any failing exit does): the statement budgets' bench
 * must catch a statement added to a hot call.
 *
 *   node scripts/mutation-checks.mjs [--runs N] [--only <name part>] [--skip-held] [--lanes N]
 *
 * --skip-held runs each check only without its guard: for CI, where `npm test` has just run
 * every race test with its guards in place, and the bench runs the statement budgets after.
 * --lanes N (2 by default) runs N checks at a time, each in a tree of its own (see addLanes).
 *
 * It edits each guarded file in place and puts it back: after each mutant, and when the run is
 * interrupted or terminated (SIGINT, SIGTERM, SIGHUP). It refuses a guarded file with changes
 * not committed, so nothing of yours can be lost or committed mutated. The race project brings
 * its own PostgreSQL when TEST_DATABASE_URL is unset.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A test file of the api project (PostgreSQL, not a race): a mutant's `command`. */
const API_TEST = (file) => ['npx', 'vitest', 'run', '--project', 'api', file];

/**
 * Each guard: where it is, what removing it looks like, and the test (or `command`) that must
 * catch it.
 */
export const MUTANTS = [
  {
    name: "a voucher is used once (status = 'open')",
    file: 'apps/api/src/platform/vouchers/index.ts',
    find: `        eq(vouchers.status, 'open'),
        gt(vouchers.validUntil, now),`,
    replace: '        gt(vouchers.validUntil, now),',
    test: 'apps/api/src/platform/vouchers/__tests__/vouchers.race.test.ts',
  },
  {
    name: "a voucher expires once, its pass given back once (status = 'open')",
    file: 'apps/api/src/platform/vouchers/index.ts',
    find: ".where(and(eq(vouchers.status, 'open'), lte(vouchers.validUntil, now)))",
    replace: '.where(lte(vouchers.validUntil, now))',
    test: 'apps/api/src/platform/vouchers/__tests__/vouchers.race.test.ts',
  },
  {
    name: 'a redemption spends the pass only for a voucher it issued (not for the open one answered again)',
    file: 'apps/api/src/modules/offers/redeem.ts',
    find: '    if (issued) {',
    replace: '    if (voucher) {',
    test: 'apps/api/src/modules/offers/__tests__/offers.race.test.ts',
  },
  {
    name: "a booking is cancelled once (status = 'booked')",
    file: 'apps/api/src/modules/bookings/booking-cancel.ts',
    find: ".where(and(eq(bookings.id, record.booking.id), eq(bookings.status, 'booked')))",
    replace: '.where(eq(bookings.id, record.booking.id))',
    test: 'apps/api/src/modules/bookings/__tests__/cancel-booking.race.test.ts',
  },
  {
    name: 'a try is counted before it is judged (the attempt-lock count)',
    file: 'apps/api/src/platform/attempt-locks.ts',
    // The check made on a count read before this try was counted: the code before issue 15.
    find: `  const record = await recordAttempt(tx, key, policy, now);
  return record.attempts <= policy.max`,
    replace: `  const [seen] = await tx.select().from(attemptLocks).where(eq(attemptLocks.key, key));
  const record = await recordAttempt(tx, key, policy, now);
  return (seen?.failures ?? 0) < policy.max`,
    test: 'apps/api/src/members/__tests__/parallel-tries.race.test.ts',
  },
  {
    name: 'attempts are counted in one statement (the upsert adds to the stored count)',
    file: 'apps/api/src/platform/attempt-locks.ts',
    // A count read and written back: read in the statement's snapshot, not from the row it
    // locks, two at once write the same number.
    find: 'const counted = sql`case when ${stale} then 1 else ${attemptLocks.failures} + 1 end`;',
    replace:
      'const counted = sql`case when ${stale} then 1 else ' +
      '(select ${attemptLocks.failures} from ${attemptLocks} where ${attemptLocks.key} = ${p.key}) + 1 end`;',
    test: 'apps/api/src/platform/__tests__/attempt-locks.race.test.ts',
  },
  {
    name: "an order moves once (status = <from> in the order's conditional update)",
    file: 'apps/api/src/platform/checkout/order-states.ts',
    find: '.where(and(eq(orders.id, orderId), eq(orders.status, from)))',
    replace: '.where(eq(orders.id, orderId))',
    test: 'apps/api/src/platform/__tests__/checkout.race.test.ts',
  },
  {
    name: 'a charge is asked once (charge_asked_at is null, status created)',
    file: 'apps/api/src/platform/checkout/charge.ts',
    find: ".where(and(eq(orders.id, order.id), eq(orders.status, 'created'), isNull(orders.chargeAskedAt)))",
    replace: '.where(eq(orders.id, order.id))',
    test: 'apps/api/src/platform/__tests__/checkout-charge.race.test.ts',
  },
  {
    name: 'a decline counts once toward the card budget (by the caller whose move to failed it was)',
    file: 'apps/api/src/platform/checkout/charge.ts',
    find: '    if (declined?.userId) await countDecline(deps.db, declined.userId, deps.cardAttempts, now);',
    replace:
      '    const member = declined ?? (await findOrder(deps.db, orderId));\n' +
      '    if (member?.userId) await countDecline(deps.db, member.userId, deps.cardAttempts, now);',
    test: 'apps/api/src/platform/__tests__/checkout-charge.race.test.ts',
  },
  {
    name: "a provider event applies the provider's own record of the payment, not the event's word",
    file: 'apps/api/src/platform/checkout/provider-events.ts',
    find: '    await applyPayment({ ...deps, db: tx }, order.id, payment, fulfil);',
    replace: '    await applyPayment({ ...deps, db: tx }, order.id, event.payment, fulfil);',
    command: API_TEST('apps/api/src/modules/membership/__tests__/webhook-truth.test.ts'),
  },
  {
    name: "a provider event for another amount or currency than the order's is refused",
    file: 'apps/api/src/platform/checkout/provider-events.ts',
    find: '  if (!sameMoney(order, event.payment) || !sameMoney(order, payment)) {',
    replace: '  if (!sameMoney(order, order)) {',
    command: API_TEST('apps/api/src/modules/membership/__tests__/webhook-truth.test.ts'),
  },
  {
    name: 'the payment webhook reads JSON only (no text/plain body applied)',
    file: 'apps/api/src/plugins/checkout.ts',
    find: '        scope.removeAllContentTypeParsers();',
    replace: "        scope.removeContentTypeParser('application/json');",
    command: API_TEST('apps/api/src/modules/membership/__tests__/webhook-truth.test.ts'),
  },
  {
    name: 'an unpaired surrogate in any text field is refused before a handler (10001)',
    file: 'apps/api/src/plugins/refuse-bad-text.ts',
    find: 'const BAD_TEXT = /[\\u0000\\uD800-\\uDFFF]/u;',
    replace: 'const BAD_TEXT = /\\u0000/u;',
    command: API_TEST('apps/api/src/plugins/__tests__/bad-text.test.ts'),
  },
  {
    name: 'a member holds places at a product on one day once at most (the unique index on live holds)',
    file: 'apps/api/drizzle/0020_one_live_hold.sql',
    find: 'CREATE UNIQUE INDEX "slot_holds_live_member_day_idx"',
    replace: 'CREATE INDEX "slot_holds_live_member_day_idx"',
    test: 'apps/api/src/modules/prebooking/__tests__/one-hold.race.test.ts',
  },
  {
    name: 'a 3-D Secure return reference tells its outcome once (return_ref_used_at is null)',
    file: 'apps/api/src/platform/checkout/return-ref.ts',
    find: '.where(and(eq(orders.id, orderId), isNull(orders.returnRefUsedAt)))',
    replace: '.where(eq(orders.id, orderId))',
    test: 'apps/api/src/platform/__tests__/checkout-charge.race.test.ts',
  },
  {
    name: 'instances started together migrate and seed one at a time (the advisory lock)',
    file: 'apps/api/src/db/client.ts',
    find: "await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);",
    replace: '',
    test: 'apps/api/src/__tests__/two-processes.race.test.ts',
  },
  {
    name: 'a provider event is applied once (its id recorded in the same transaction)',
    file: 'apps/api/src/platform/checkout/provider-events.ts',
    find: `      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    if (!recorded) return { outcome: 'duplicate' };`,
    replace: `      .onConflictDoUpdate({ target: providerEvents.eventId, set: { type: event.type } })
      .returning({ eventId: providerEvents.eventId });
    if (!recorded) return { outcome: 'duplicate' };`,
    test: 'apps/api/src/modules/membership/__tests__/webhooks.race.test.ts',
  },
  {
    name: 'places are taken only while left (taken + n <= capacity)',
    file: 'apps/api/src/platform/slots/inventory.ts',
    find: `      and(
        eq(productSlots.id, slotId),
        sql\`\${productSlots.taken} + \${places} <= \${productSlots.capacity}\`,
      ),`,
    replace: '      eq(productSlots.id, slotId),',
    test: 'apps/api/src/modules/prebooking/__tests__/slots.race.test.ts',
  },
  {
    name: 'a hold is released once (released_at is null)',
    file: 'apps/api/src/platform/slots/inventory.ts',
    find: '.where(and(which, isNull(slotHolds.releasedAt)))',
    replace: '.where(which)',
    test: 'apps/api/src/modules/prebooking/__tests__/slots.race.test.ts',
  },
  {
    // Issue 61: the hold is linked before its order is written (orderWithHold).
    name: 'a hold is linked to one live order only (order_id is null, or its order failed)',
    file: 'apps/api/src/modules/prebooking/pay-calls.ts',
    find: `          or(
            isNull(slotHolds.orderId),
            inArray(
              slotHolds.orderId,
              tx.select({ id: orders.id }).from(orders).where(eq(orders.status, 'failed')),
            ),
          ),
          not(keyHasOrder),`,
    replace: '          not(keyHasOrder),',
    test: 'apps/api/src/modules/prebooking/__tests__/hold-order.race.test.ts',
  },
  {
    name: 'a cancel gives back the places of the booking as its update found it (not as read before)',
    file: 'apps/api/src/modules/bookings/booking-cancel.ts',
    find: '  if (cancelled.slotId) await givePlaces(tx, cancelled.slotId, cancelled.places);',
    replace:
      '  if (record.booking.slotId) await givePlaces(tx, record.booking.slotId, record.booking.places);',
    test: 'apps/api/src/modules/prebooking/__tests__/slots.race.test.ts',
  },
  {
    name: 'the server runs the reconciler (at start-up, then every minute)',
    file: 'apps/api/src/portal-server.ts',
    find: '  reconcileIntervalMs: 60_000,',
    replace: '  reconcileIntervalMs: 0,',
    test: 'apps/api/src/modules/membership/__tests__/crash.race.test.ts',
  },
  {
    name: "a lounge pre-book's statements are counted (one extra statement fails the statements budget)",
    file: 'apps/api/src/modules/prebooking/hold-calls.ts',
    find: "      if (at.booked) throw new CallError('bookingLimitReached');",
    replace:
      "      if (at.booked) throw new CallError('bookingLimitReached');\n" +
      '      await app.db.execute(sql`select 1`);',
    command: ['npx', 'tsx', 'bench/statements.ts'],
    // Over its own ceiling: not a bench that failed to run, nor another call's count.
    caughtWhen: /^statements: lounge pre-book\s.*over its ceiling$/m,
  },
  {
    name: 'the waiting list takes a full slot only (waitlistSlotOpen)',
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: "      if (locked.capacity - locked.taken >= payload.places) throw new CallError('waitlistSlotOpen');\n",
    replace: '',
    test: 'apps/api/src/modules/prebooking/__tests__/waitlist.race.test.ts',
  },
  {
    name: "the waiting list judges a slot's places under its row lock (joiners one at a time)",
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: `        .where(eq(productSlots.id, slotId))
        .for('update');`,
    replace: '        .where(eq(productSlots.id, slotId));',
    test: 'apps/api/src/modules/prebooking/__tests__/waitlist.race.test.ts',
  },
  {
    name: 'a member waits on 3 slots at most (waitlistLimitReached)',
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: "      if ((elsewhere?.n ?? 0) >= WAITLIST_MAX_SLOTS) throw new CallError('waitlistLimitReached');\n",
    replace: '',
    test: 'apps/api/src/modules/prebooking/__tests__/waitlist.race.test.ts',
  },
  {
    name: "a member's waiting-list joins are one at a time (their count and entry one step)",
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: `      await lockedMember(tx, userId, 'no key update');
      const { id: slotId }`,
    replace: '      const { id: slotId }',
    test: 'apps/api/src/modules/prebooking/__tests__/waitlist.race.test.ts',
  },
  {
    name: 'a waiting-list queue is in the order of joining (joinedAt after the last joiner)',
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: '          createdAt: joinedAt(slotId, now),',
    replace: '          createdAt: now,',
    test: 'apps/api/src/modules/prebooking/__tests__/waitlist.race.test.ts',
  },
  {
    name: 'a waiting member is not joined where they have booked that day (bookingLimitReached)',
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: `    if (await hasBookingThatDay(app.db, userId, lounge.product.id, payload.date))
      throw new CallError('bookingLimitReached');
`,
    replace: '',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/waitlist-calls.test.ts'),
  },
  {
    name: 'places offered from the waiting list are held for SLOT_HOLD_MINUTES (not 30)',
    file: 'apps/api/src/modules/prebooking/waitlist.ts',
    find: '  const minutes = app.env.SLOT_HOLD_MINUTES;',
    replace: '  const minutes = 30;',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/waitlist-calls.test.ts'),
  },
  {
    name: "a hold's order is written only when the hold was linked to it (none left behind)",
    file: 'apps/api/src/modules/prebooking/pay-calls.ts',
    find: '.select((qb) => qb.select(insertedRow(orders, HOLD_ORDER_COLUMNS)).from(linked).getSQL())',
    replace:
      '.select((qb) => qb.select(insertedRow(orders, HOLD_ORDER_COLUMNS)).from(sql`(select 1) as "one"`).getSQL())',
    test: 'apps/api/src/modules/prebooking/__tests__/orders.race.test.ts',
  },
  {
    name: 'an order whose charge was asked is never closed as never charged (charge_asked_at is null)',
    file: 'apps/api/src/platform/checkout/order-states.ts',
    find: "    .where(and(which, eq(orders.status, 'created'), isNull(orders.chargeAskedAt)));",
    replace: "    .where(and(which, eq(orders.status, 'created')));",
    test: 'apps/api/src/modules/prebooking/__tests__/orders.race.test.ts',
  },
  {
    name: "pausing a lane's sales ends its unpaid holds (released, their orders closed)",
    file: 'apps/api/src/modules/ops/catalogue-routes.ts',
    find: 'const holdsEnded = paused ? await endLaneHolds(app.db, lane.id, app.clock.now()) : 0;',
    replace: 'const holdsEnded = 0;',
    test: 'apps/api/src/modules/prebooking/__tests__/orders.race.test.ts',
  },
  {
    name: "a paused lane's hold is refused at payment (laneNotAvailable)",
    file: 'apps/api/src/modules/prebooking/pay-calls.ts',
    find: "  if (bookable.product.salesPaused) throw new CallError('laneNotAvailable');\n",
    replace: '',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/unpaid-orders.test.ts'),
  },
  {
    name: "a hold its lane's pause ended is not taken again by a payment approved later",
    file: 'apps/api/src/modules/prebooking/pay-calls.ts',
    find: `  } else if (hold.releaseReason === 'paused') {
    throw new CannotFulfil('sales-paused');
`,
    replace: '',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/unpaid-orders.test.ts'),
  },
  {
    name: 'the sweeper closes the order of a lapsed hold that was never charged',
    file: 'apps/api/src/modules/prebooking/index.ts',
    find: '      await closeOrdersOfSwept(app.db, released, now);\n',
    replace: '',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/unpaid-orders.test.ts'),
  },
  {
    name: 'a booking is charged only the total the member was shown (priceChanged)',
    file: 'apps/api/src/modules/prebooking/pay-calls.ts',
    find: "  if (!sameTotal(shown, price.total)) throw new CallError('priceChanged', { price });\n",
    replace: '',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/shown-price.test.ts'),
  },
  {
    name: 'a hold keeps the total its answer showed (BookingDraft.quoted)',
    file: 'apps/api/src/modules/prebooking/hold-calls.ts',
    find: '      draft: { ...draft, quoted: quoteOf(price) },',
    replace: '      draft,',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/shown-price.test.ts'),
  },
  {
    name: 'a review keeps the price it shows (the total then charged)',
    file: 'apps/api/src/modules/prebooking/hold-calls.ts',
    find: '    price: await quotedPrice(app.db, userId, bookable, hold, now),',
    replace: '    price: await draftPrice(app.db, userId, bookable, hold.draft, now),',
    command: API_TEST('apps/api/src/modules/prebooking/__tests__/shown-price.test.ts'),
  },
];

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

/** The mutants in place now, by file: what to put back should the run be stopped. */
const current = new Map();
const restoreAll = () => {
  for (const [file, original] of current) fs.writeFileSync(file, original);
  current.clear();
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    restoreAll();
    removeLanes();
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

/** What a mutant's check runs: its command, else its test file in the race project. */
const checkOf = (mutant) =>
  mutant.command ?? ['npx', 'vitest', 'run', '--project', 'race', mutant.test];

/** Runs a mutant's check (checkOf) in a tree (`cwd`); its verdict, and what it printed. */
function runCheck(mutant, cwd) {
  const [program, ...args] = checkOf(mutant);
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd,
      // Not CI's test reports: these runs must not overwrite the suite's.
      env: Object.fromEntries(
        Object.entries({ ...process.env, NO_COLOR: '1' }).filter(
          ([key]) => !key.startsWith('VITEST_REPORT'),
        ),
      ),
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 5 * 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      // eslint-disable-next-line no-control-regex
      const text = output.replace(/\x1b\[[0-9;]*m/g, '');
      if (mutant.command) {
        const caught = status !== 0 && (mutant.caughtWhen?.test(text) ?? true);
        resolve({ passed: status === 0, failedByTest: caught, output: text });
        return;
      }
      // A test that fails its assertions, not a file that does not compile or load.
      const failedTests = /Tests\s+(\d+) failed/.exec(text);
      const failedSuites = /Failed Suites/.test(text) || /Transform failed|SyntaxError/.test(text);
      resolve({ passed: status === 0, failedByTest: !!failedTests && !failedSuites, output: text });
    });
  });
}

function isCommitted(file) {
  try {
    execFileSync('git', ['diff', '--quiet', 'HEAD', '--', file], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

/*
 * Lanes: the checks run two at a time (the machine's two cores), each lane in a tree of its own
 * so that one lane's mutant is never in the other's test run: the repository itself, and a git
 * worktree of HEAD sharing its installed node_modules (the guarded files are committed, so HEAD
 * holds them as they are).
 */
const lanes = [];
function addLanes(count) {
  lanes.push(root);
  for (let i = 1; i < count; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mutants-lane-'));
    execFileSync('git', ['worktree', 'add', '--detach', '--force', dir, 'HEAD'], {
      cwd: root,
      stdio: 'ignore',
    });
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    for (const modules of ['.', ...workspaces].map((w) => path.join(w, 'node_modules'))) {
      const installed = path.join(root, modules);
      if (fs.existsSync(installed)) fs.symlinkSync(installed, path.join(dir, modules), 'dir');
    }
    lanes.push(dir);
  }
}
function removeLanes() {
  for (const dir of lanes.slice(1)) {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  lanes.length = 0;
}

/** One mutant in one lane: caught without its guard; passing with it unless skipHeld. */
async function check(mutant, lane, runs, skipHeld) {
  const file = path.join(lane, mutant.file);
  const original = fs.readFileSync(file, 'utf8');
  if (!original.includes(mutant.find)) {
    console.error(
      `✗ ${mutant.name}: the guard is no longer written as the check expects (${mutant.file})`,
    );
    return false;
  }
  let caught = 0;
  let held = 0;
  try {
    current.set(file, original);
    fs.writeFileSync(
      file,
      original.replace(mutant.find, () => mutant.replace),
    );
    for (let i = 0; i < runs; i++) {
      const result = await runCheck(mutant, lane);
      if (result.failedByTest) caught += 1;
      else if (!result.passed) console.error(result.output.slice(-3000));
    }
  } finally {
    fs.writeFileSync(file, original);
    current.delete(file);
  }
  for (let i = 0; i < (skipHeld ? 0 : runs); i++) {
    const result = await runCheck(mutant, lane);
    if (result.passed) held += 1;
    // What failed with the guard in place: a flaky test or a broken one, to be read in CI's log.
    else console.error(result.output.slice(-3000));
  }
  const ok = caught === runs && (skipHeld || held === runs);
  console.log(
    `${ok ? '✓' : '✗'} ${mutant.name}: without the guard ${mutant.test ?? checkOf(mutant).join(' ')} failed ${caught} of ${runs}${skipHeld ? '' : `; with it, passed ${held} of ${runs}`}`,
  );
  return ok;
}

async function main() {
  const runs = Number(option('--runs', '1'));
  const only = option('--only', '');
  const skipHeld = process.argv.includes('--skip-held');
  const chosen = MUTANTS.filter((m) => m.name.includes(only));
  let bad = 0;
  const queue = [];
  for (const mutant of chosen) {
    if (isCommitted(mutant.file)) queue.push(mutant);
    else {
      console.error(
        `✗ ${mutant.name}: ${mutant.file} has changes not committed; commit them first`,
      );
      bad += 1;
    }
  }
  addLanes(Math.max(1, Math.min(Number(option('--lanes', '2')), queue.length)));
  try {
    await Promise.all(
      lanes.map(async (lane) => {
        for (let mutant = queue.shift(); mutant; mutant = queue.shift()) {
          if (!(await check(mutant, lane, runs, skipHeld))) bad += 1;
        }
      }),
    );
  } finally {
    restoreAll();
    removeLanes();
  }
  console.log(
    `Mutation checks: ${chosen.length - bad} of ${chosen.length} guards caught by their tests`,
  );
  process.exit(bad === 0 ? 0 : 1);
}

await main();
