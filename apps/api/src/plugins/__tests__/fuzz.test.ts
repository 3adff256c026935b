import {
  API_PREFIX,
  calls,
  errorCatalogue,
  errorsOf,
  failureEnvelopeSchema,
  successEnvelopeSchema,
  type CallDef,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypterFor, memberCall, memberWithSession } from '../../../test/call-helpers';
import { insertBooking, insertMembership } from '../../../test/fixtures';
import { fuzzBodiesFor, oversizedHeaders, type FuzzBody } from '../../../test/fuzz/arbitraries';
import {
  changedTables,
  dbSnapshotter,
  EXCLUDED_COLUMNS,
  EXCLUDED_TABLES,
  fingerprintedTables,
  type DbFingerprint,
} from '../../../test/fuzz/db-snapshot';
import {
  encryptedCardFor,
  startTestProvider,
  testCard,
  type TestProvider,
} from '../../../test/payment-provider';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../../platform/password-crypto';
import { createSession } from '../../platform/sessions';

/**
 * The contract fuzzer: payloads generated from every call's declaration, then mutated (wrong
 * types, missing and extra fields, huge strings, unicode, NUL characters and lone surrogates,
 * numbers at limits, prototype-pollution keys, bodies that are not JSON objects), posted to every
 * call logged out and logged in, some with oversized headers.
 *
 * Budget, per answer: no HTTP 500; the failure or success envelope of the contract, a failure's
 * code in the catalogue; a refused call (state '0') leaves the database as it was. After every
 * call: the app still answers /healthz and Object.prototype is clean.
 *
 * FUZZ_RUNS cases in all (1,000 by default; `npm run fuzz` runs 10,000), shared among the
 * (call × logged out/in) pairs; FUZZ_SEED replays a run (the seed is printed).
 */

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1000) || 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) | 0 : 20_261_123;
const NOW = '2026-11-23T12:00:00Z';
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Fuzz-Passw0rd!';
const NEW_PASSWORD = 'Fuzz-N3w-Passw0rd?';

const CATALOGUE_CODES = new Set(Object.values(errorCatalogue).map((e) => e.code));

/**
 * Calls that may end the session they are made with: logging out revokes the token, deleting
 * the account ends every session, and changing the password ends the member's other sessions.
 * In the logged-in pass each of their cases gets a fresh session of the fuzz member, so the
 * shared token survives them; and whenever one of them succeeds, or a pass begins, the member is
 * checked and recreated if its token stopped working (a deleted account, say).
 */
const SESSION_ENDING: ReadonlySet<string> = new Set([
  calls.logoutByToken.path,
  calls.deleteAccount.path,
  calls.changePwd.path,
  calls.updatePwd.path,
]);

type Pass = 'logged out' | 'logged in';
const PASSES: readonly Pass[] = ['logged out', 'logged in'];
const entries = Object.entries(calls) as [string, CallDef][];

/** FUZZ_RUNS shared among the pairs, at least 2 each, the remainder to the first ones. */
const pairCount = entries.length * PASSES.length;
const base = Math.max(2, Math.floor(RUNS / pairCount));
const remainder = base * pairCount >= RUNS ? 0 : RUNS - base * pairCount;
const runsOf = (index: number) => base + (index < remainder ? 1 : 0);
const seedOf = (index: number) => (SEED + index * 7_919) | 0;

interface Member {
  email: string;
  userId: string;
  token: string;
  bookingRefs: string[];
  cardId: string | undefined;
}

let provider: TestProvider;
let t: TestApp;
let snapshot: () => Promise<DbFingerprint>;
let member: Member;
let serial = 0;
let encrypt: (password: string) => string;
let started = 0;

/** What the database offers to aim at: real ids make payloads reach past the lookups. */
const known = {
  productIds: [] as string[],
  dpids: [] as string[],
  otherBookingRef: '',
  registrationUuid: '',
  subjects: [] as string[],
  encryptedCard: '',
};

/** Every answer, by call and pass: state '1' or the failure code. */
const tally = new Map<string, Map<string, number>>();
/** Failure codes a call answered that its declaration does not list (reported, not failed). */
const undeclared = new Map<string, Set<string>>();
/** HTTP statuses other than 200, by call. */
const statuses = new Map<string, Map<number, number>>();
let cases = 0;

function count<K>(map: Map<string, Map<K, number>>, name: string, key: K) {
  const inner = map.get(name) ?? new Map<K, number>();
  inner.set(key, (inner.get(key) ?? 0) + 1);
  map.set(name, inner);
}

async function newMember(): Promise<Member> {
  serial += 1;
  const email = `fuzz.${serial}@example.com`;
  const m = await memberWithSession(t, { email, passwordHash: await hashPassword(PASSWORD) });
  const now = t.clock.now().getTime();
  await insertMembership(t.app.db, { userId: m.user.id, registeredAt: t.clock.now() });
  const bookings = await Promise.all([
    insertBooking(t.app.db, { userId: m.user.id, visitAt: new Date(now + 5 * DAY) }),
    insertBooking(t.app.db, { userId: m.user.id, visitAt: new Date(now + 3 * 60 * 60 * 1000) }),
    insertBooking(t.app.db, { userId: m.user.id, visitAt: new Date(now - 5 * DAY) }),
    insertBooking(t.app.db, {
      userId: m.user.id,
      kind: 'fast-track',
      visitAt: new Date(now + 7 * DAY),
    }),
  ]);
  // A real saved card, so set-default, delete and check-status find something.
  const encryptCustomerInput = await encryptedCardFor(t, m.headers, testCard('4111111111111111'));
  known.encryptedCard = encryptCustomerInput;
  const added = await t.call(
    calls.addCard,
    { encryptCustomerInput, cardHolder: 'Ann Lee', paymentProductId: 1 },
    m.headers,
  );
  const cardId = (added.body.result as { card?: { cardId?: string } } | undefined)?.card?.cardId;
  return {
    email,
    userId: m.user.id,
    token: m.token,
    bookingRefs: bookings.map((b) => b.reference),
    cardId,
  };
}

/** The fuzz member, recreated when its token no longer works (a deleted account, say). */
async function ensureMember(): Promise<void> {
  const { body } = await memberCall(t, member.token);
  if (body.state !== '1') member = await newMember();
}

/** Values worth trying by field name, mixed in with the generated ones. */
function hints(): Record<string, fc.Arbitrary<unknown>> {
  const airports = fc.constantFrom('LHR', 'lhr', ' LHR ', 'JFK', 'DXB', 'ZZZ', 'LH');
  const passwords = fc.constantFrom(
    encrypt(PASSWORD),
    encrypt(NEW_PASSWORD),
    encrypt('short'),
    encrypt(''),
    'bm90IGEgY2lwaGVydGV4dA==',
  );
  return {
    airportCode: airports,
    iataCodes: airports,
    id: fc.constantFrom(...known.productIds, 'LHR-NOPE-1'),
    bookingId: fc.constantFrom(
      ...member.bookingRefs,
      ...member.bookingRefs.map((r) => r.toLowerCase()),
      known.otherBookingRef,
    ),
    cardId: fc.constantFrom(
      ...(member.cardId ? [member.cardId] : []),
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
    ),
    dpid: fc.constantFrom(...known.dpids),
    membershipNumber: fc.constantFrom(...known.dpids),
    uuid: fc.constantFrom(known.registrationUuid, '00000000-0000-4000-8000-000000000000'),
    email: fc.constantFrom(member.email, 'fresh.address@example.com', 'demo@example.com'),
    mobileNoPrefix: fc.constantFrom('44', '+44', '1', '353'),
    mobileNo: fc.constantFrom('7400123456', '7700900123', '2025550123', '0'),
    mobileAreaCode: fc.constantFrom('GB', 'US', 'IE'),
    firstName: fc.constantFrom('Ann', 'Demo'),
    lastName: fc.constantFrom('Lee', 'Cardholder'),
    cardHolder: fc.constantFrom('Ann Lee', 'José Müller'),
    verifiCode: fc.constantFrom('123456', '000000', '12 34 56'),
    password: passwords,
    currentPwd: passwords,
    newPwd: passwords,
    channel: fc.constantFrom('natwest', 'ubni', 'ulster', 'ASE', 'nope'),
    subject: fc.constantFrom(...known.subjects),
    encryptCustomerInput: fc.constant(known.encryptedCard),
    paymentProductId: fc.constantFrom(1, 2, 3, 132),
    terminal: fc.constantFrom('2', '5', 'T5', 'North'),
  };
}

/** Headers a confused or hostile client sends besides the body (rarely). */
const printable = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
const oddHeaders = fc.oneof(
  { arbitrary: fc.constant({}), weight: 12 },
  { arbitrary: fc.record({ channel: fc.constantFrom('WEB', '', 'ase', 'ASE ') }), weight: 1 },
  {
    arbitrary: fc.record({
      'accept-language': fc.oneof(printable, fc.constant('x'.repeat(300))),
    }),
    weight: 1,
  },
  { arbitrary: oversizedHeaders, weight: 1 },
);
const oddAuthorization = fc.oneof(
  { arbitrary: fc.constant({}), weight: 8 },
  {
    arbitrary: fc.record({
      authorization: fc.oneof(
        printable,
        printable.map((s) => `Bearer ${s}`),
        fc.constantFrom('Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'a'.repeat(700)}`),
      ),
    }),
    weight: 1,
  },
);

interface Answer {
  state: string;
  errorCode: string | null;
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${where} — the body is not JSON`);
  }
}

/**
 * The calls that answer a file on success (their contract result is `never`: a PDF or a
 * calendar file); the others answer the JSON envelope.
 */
const FILE_PATHS = Object.values(calls)
  .filter(
    (c: CallDef) =>
      (c.result as { _zod?: { def?: { type?: string } } })._zod?.def?.type === 'never',
  )
  .map((c) => c.path);
/** What each file type begins with. */
const FILE_STARTS: [string, string][] = [
  ['application/pdf', '%PDF-'],
  ['text/calendar', 'BEGIN:VCALENDAR'],
];

/** The contract's word on one answer: no 500, a catalogue envelope (or the PDF). */
function checkAnswer(name: string, call: CallDef, response: LightMyRequestResponse): Answer {
  const where = `${call.path} answered HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode !== 200) count(statuses, name, response.statusCode);
  const type = String(response.headers['content-type'] ?? '');
  const file = FILE_STARTS.find(([fileType]) => type.startsWith(fileType));
  if (file) {
    expect(FILE_PATHS, `${call.path} answers a file`).toContain(call.path);
    expect(response.statusCode, where).toBe(200);
    const start = file[1];
    expect(response.rawPayload.subarray(0, start.length).toString('latin1'), where).toBe(start);
    return { state: call.successState ?? '1', errorCode: null };
  }
  expect(type, where).toMatch(/^application\/json/);
  const body = parseJson(response.body, where);
  const failure = failureEnvelopeSchema.safeParse(body);
  if (failure.success) {
    const code = failure.data.errorCode;
    expect(CATALOGUE_CODES.has(code), `${where} — ${code} is not in the catalogue`).toBe(true);
    expect(
      response.statusCode === 200 || (response.statusCode >= 400 && response.statusCode < 500),
      where,
    ).toBe(true);
    if (!errorsOf(call).some((e) => errorCatalogue[e].code === code)) {
      const set = undeclared.get(name) ?? new Set<string>();
      set.add(code);
      undeclared.set(name, set);
    }
    return { state: '0', errorCode: code };
  }
  const success = successEnvelopeSchema(call.result, call.successState ?? '1').safeParse(body);
  expect(success.success, `${where} — neither envelope: ${success.error?.message}`).toBe(true);
  expect(response.statusCode, where).toBe(200);
  return { state: call.successState ?? '1', errorCode: null };
}

async function post(call: CallDef, body: FuzzBody, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${call.path}`,
    headers: {
      channel: 'ASE',
      'accept-language': 'en-GB',
      ...(body.contentType === null ? {} : { 'content-type': body.contentType }),
      ...headers,
    },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
}

/** The app is up, and nothing leaked onto Object.prototype. */
async function expectStillServing() {
  const health = await t.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
  const probe: Record<string, unknown> = {};
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
}

async function fuzz(name: string, call: CallDef, pass: Pass, numRuns: number, seed: number) {
  if (pass === 'logged in') await ensureMember();
  const bodies = fuzzBodiesFor(call.payload, { hints: hints() });
  const extraHeaders =
    pass === 'logged out'
      ? fc.tuple(oddHeaders, oddAuthorization).map(([a, b]) => ({ ...a, ...b }))
      : oddHeaders;
  const label = `${name} (${pass})`;
  await fc.assert(
    fc.asyncProperty(bodies, extraHeaders, async (body, headers) => {
      let auth: Record<string, string> = {};
      if (pass === 'logged in') {
        const token = SESSION_ENDING.has(call.path)
          ? await createSession(t.app.db, member.userId, t.clock.now())
          : member.token;
        auth = { authorization: `Bearer ${token}` };
      }
      const before = await snapshot();
      const response = await post(call, body, { ...headers, ...auth });
      const answer = checkAnswer(label, call, response);
      cases += 1;
      count(tally, label, answer.errorCode ?? `ok ${answer.state}`);
      if (answer.state === '0') {
        const written = changedTables(before, await snapshot());
        expect(written, `${call.path} refused with ${answer.errorCode} but wrote`).toEqual([]);
      } else if (SESSION_ENDING.has(call.path)) {
        await ensureMember();
      }
    }),
    { numRuns, seed },
  );
  await expectStillServing();
}

beforeAll(async () => {
  started = performance.now();
  provider = await startTestProvider();
  t = await createTestApp({
    // A budget no run reaches: 10029 is a catalogue code, but refusals at the door test little.
    env: { ...provider.env, IP_LIMIT_FACTOR: '10000' },
    now: NOW,
  });
  encrypt = await encrypterFor(t);

  const db = t.app.db;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  known.productIds = rows<{ id: string }>(
    await db.execute(sql`select distinct on (kind) id from products order by kind, id`),
  ).map((r) => r.id);
  // Unregistered numbers (verify-card opens a session with them) and registered ones.
  const fresh = await insertMembership(db, { holderName: 'Ann Lee' });
  known.dpids = [
    fresh.dpid,
    ...rows<{ dpid: string }>(
      await db.execute(sql`select dpid from memberships order by dpid limit 6`),
    ).map((r) => r.dpid),
  ];
  const opened = await t.call(calls.verifyCard, { dpid: fresh.dpid });
  known.registrationUuid = (opened.body.result as { uuid: string }).uuid;
  const subjects = await t.call(calls.contactSubjects, {});
  known.subjects = (subjects.body.result as { id: string }[]).map((s) => s.id);
  known.otherBookingRef = (
    await insertBooking(db, { visitAt: new Date(Date.parse(NOW) + DAY) })
  ).reference;

  member = await newMember();
  snapshot = dbSnapshotter(db, await fingerprintedTables(db));
  console.info(
    `fuzz: ${RUNS} cases over ${pairCount} (call × pass) pairs, ${base}+ each; seed ${SEED} ` +
      `(FUZZ_SEED=${SEED} replays); not fingerprinted: ${[
        ...EXCLUDED_TABLES,
        ...Object.entries(EXCLUDED_COLUMNS).flatMap(([table, columns]) =>
          columns.map((column) => `${table}.${column}`),
        ),
      ].join(', ')}`,
  );
}, 120_000);

afterAll(async () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const lines = [...tally].map(
    ([label, codes]) =>
      `  ${label}: ${[...codes].map(([code, n]) => `${code}×${n}`).join(' ')}` +
      (statuses.has(label)
        ? `  [HTTP ${[...(statuses.get(label) ?? [])].map(([s, n]) => `${s}×${n}`).join(' ')}]`
        : ''),
  );
  // The per-call tally is for `npm run fuzz` (FUZZ_RUNS set); the quick run says one line.
  console.info(
    `fuzz: ${cases} cases in ${seconds} s, seed ${SEED}` +
      (process.env.FUZZ_RUNS ? `\n${lines.join('\n')}` : ''),
  );
  if (undeclared.size > 0) {
    console.info(
      `fuzz: codes answered that the call does not declare:\n${[...undeclared]
        .map(([label, codes]) => `  ${label}: ${[...codes].join(', ')}`)
        .join('\n')}`,
    );
  }
  await t?.close();
  await provider?.close();
});

describe.each(PASSES.map((pass, p) => [pass, p] as const))('the fuzzer, %s', (pass, p) => {
  it.each(entries.map(([name, call], i) => [name, call, p * entries.length + i] as const))(
    'keeps the contract of %s',
    async (name, call, index) => {
      await fuzz(name, call, pass, runsOf(index), seedOf(index));
    },
    // Generous: 10,000 cases give each pair ~80, and shrinking a failure runs many more.
    Math.max(120_000, base * 3_000),
  );
});

describe('after the fuzzing', () => {
  it('still answers /healthz, with Object.prototype clean', async () => {
    await expectStillServing();
  });

  it('met no error code a call does not declare in its contract', () => {
    const met = Object.fromEntries([...undeclared].map(([name, codes]) => [name, [...codes]]));
    expect(met).toEqual({});
  });
});
