import type { CardSession, PaymentCard } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession } from '../../../../test/call-helpers';
import {
  answerChallenge,
  encryptCard,
  openWithProvider,
  testCard,
  type CardInput,
} from '../../../../test/payment-provider';
import type { TestApp } from '../../../../test/test-app';
import { buildApp } from '../../../app';

/**
 * The card number, CVV and expiry go from the browser to the provider, encrypted: the portal
 * passes the ciphertext on and keeps a token. Nothing of them is in its database or its log.
 */

const NUMBER = '4111111111111111';
const CVV = '737';

let t: TestApp;
let close: () => Promise<void>;
/** The same portal on the same database, logging everything (trace) into `logLines`. */
let logged: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  ({ t, close } = await openWithProvider({ now: '2026-11-23T12:00:00Z' }));
  logged = await buildApp({
    env: t.app.env,
    database: t.database,
    clock: t.clock,
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await close();
});

/** The rows of a raw query (both drivers answer `{ rows }`). */
async function query<T>(statement: SQL): Promise<T[]> {
  const result: unknown = await t.app.db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** Every row of every table of the portal's database, as JSON text. */
async function dumpDatabase(): Promise<string[]> {
  const tables = await query<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((r) => r.name)).toContain('payment_cards');
  const rows: string[] = [];
  for (const { schema, name } of tables) {
    const result = await query<{ row: string }>(
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`),
    );
    rows.push(...result.map((r) => `${schema}.${name} ${r.row}`));
  }
  return rows;
}

/** Every value in a JSON document, keys included. */
function valuesOf(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => valuesOf(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      out.push(key);
      valuesOf(v, out);
    }
  } else out.push(value);
  return out;
}

/** Nothing of the card in a text: not the number nor its first 12 digits, no CVV or expiry field. */
function expectNoCardText(text: string, ciphertexts: string[]) {
  expect(text).not.toContain(NUMBER);
  expect(text).not.toContain('411111111111');
  expect(text).not.toContain('4111 1111');
  expect(text.toLowerCase()).not.toContain('"cvv"');
  expect(text).not.toContain('cardNumber');
  expect(text).not.toContain('expiryDate');
  expect(text).not.toContain('12/30');
  for (const jwe of ciphertexts) {
    expect(text).not.toContain(jwe);
    // Not even a part of it (its header and wrapped key would do).
    expect(text).not.toContain(jwe.slice(0, 60));
  }
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * No value is the CVV or the expiry, as text or as a number, nor a text holding the CVV as a
 * word (timestamps aside: their milliseconds may be 737).
 */
function expectNoCardValues(values: unknown[]) {
  for (const value of values) {
    expect([CVV, 737, '1230', 1230, '12/30', '0630', '06/30']).not.toContain(value);
    if (typeof value === 'string' && !TIMESTAMP.test(value)) {
      expect(value).not.toMatch(/\bcvv\b/i);
      expect(value).not.toMatch(/\b737\b/);
    }
  }
}

describe('the card number, CVV and expiry never reach the portal', () => {
  it('neither its database nor its log holds them after cards are added', async () => {
    const m = await memberWithSession(t, { email: 'no.card.data@example.com' });
    const ciphertexts: string[] = [];
    const call = async (path: string, payload: unknown) => {
      const response = await logged.inject({
        method: 'POST',
        url: `/client-api${path}`,
        headers: { channel: 'ASE', 'accept-language': 'en-GB', ...m.headers },
        payload: payload as Record<string, unknown>,
      });
      return response.json<{ state: string; errorCode: string | null; result?: unknown }>();
    };
    const add = async (cardNumber: string, values: CardInput, productId = 1) => {
      const session = (await call('/payment/create-session', {})).result as CardSession;
      const encryptCustomerInput = await encryptCard(
        session,
        testCard(cardNumber, values),
        productId,
      );
      ciphertexts.push(encryptCustomerInput);
      return call('/payment/add-card', {
        encryptCustomerInput,
        cardHolder: 'Ann Lee',
        paymentProductId: productId,
      });
    };

    const before = new Set(await dumpDatabase());

    const added = await add(NUMBER, { cvv: CVV, expiryDate: '1230' });
    expect(added).toMatchObject({ state: '1', result: { status: 'added' } });
    // And the other ways a card goes: 3-D Secure, refusals, wrong values, a replay, a fault.
    const verify = await add('4000000000003220', { cvv: CVV, expiryDate: '0630' });
    const { cardId, threeDSRedirectUrl } = verify.result as {
      cardId: string;
      threeDSRedirectUrl: string;
    };
    await answerChallenge(threeDSRedirectUrl, 'approve');
    expect(await call('/payment/add-card/check-status', { cardId })).toMatchObject({
      state: '1',
      result: { status: 'added' },
    });
    expect(await add('4000000000000002', { cvv: CVV })).toMatchObject({ errorCode: '61007' });
    expect(await add(NUMBER, { cvv: CVV })).toMatchObject({ errorCode: '61010' });
    expect(await add(NUMBER, { cvv: '73', expiryDate: '0120' })).toMatchObject({
      errorCode: '10001',
    });
    expect(
      await call('/payment/add-card', {
        encryptCustomerInput: ciphertexts[0],
        cardHolder: 'Ann Lee',
        paymentProductId: 1,
      }),
    ).toMatchObject({ errorCode: '10001' });
    expect(
      await call('/payment/add-card', {
        encryptCustomerInput: NUMBER,
        cardHolder: 'Ann Lee',
        paymentProductId: 1,
      }),
    ).toMatchObject({ errorCode: '10001' });
    const cards = (await call('/payment/payment-cards', {})).result as PaymentCard[];
    expect(cards.map((c) => c.last4)).toEqual(['1111', '3220']);

    // The database: all of it, and every value of what the calls wrote.
    const after = await dumpDatabase();
    expect(after.some((row) => row.includes('"last4":"1111"'))).toBe(true);
    expectNoCardText(after.join('\n'), ciphertexts);
    const written = after.filter((row) => !before.has(row));
    expect(written.length).toBeGreaterThan(0);
    expectNoCardValues(
      written.flatMap((row) => valuesOf(JSON.parse(row.slice(row.indexOf(' ') + 1)))),
    );

    // The log: it did record the calls, and nothing of the card.
    const log = logLines.join('');
    expect(log).toContain('/client-api/payment/add-card');
    expectNoCardText(log, ciphertexts);
    expectNoCardValues(logLines.flatMap((line) => valuesOf(JSON.parse(line))));
  });
});
