import { calls } from '@portal/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallDef } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, memberWithSession } from '../../../../test/call-helpers';
import { encryptedCardFor, openWithProvider, testCard } from '../../../../test/payment-provider';
import { type TestApp, unchecked } from '../../../../test/test-app';
import { buildApp } from '../../../app';
import { paymentCards } from '../../../db/schema';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => ({ t, close } = await openWithProvider({ now: '2026-11-23T12:00:00Z' })));
afterAll(() => close());

const rowsOf = (userId: string) =>
  t.app.db.select().from(paymentCards).where(eq(paymentCards.userId, userId));

describe('the payment calls without a live session', () => {
  it.each(
    (
      [
        [calls.createCardSession, {}],
        [calls.paymentCards, {}],
        [
          calls.addCard,
          { encryptCustomerInput: 'a.b.c.d.e', cardHolder: 'Ann Lee', paymentProductId: 1 },
        ],
        [calls.addCardStatus, { cardId: '00000000-0000-4000-8000-000000000000' }],
        [calls.setDefaultCard, { cardId: '00000000-0000-4000-8000-000000000000' }],
        [calls.deleteCard, { cardId: '00000000-0000-4000-8000-000000000000' }],
      ] as const
    ).map(([call, payload]) => [call.path, call, payload] as const),
  )('%s answers 20002', async (_path, call, payload) => {
    expectFailure(await t.call(call, unchecked(payload)), 'authFailure');
    expectFailure(
      await t.call(call, unchecked(payload), { authorization: 'Bearer not-a-token' }),
      'authFailure',
    );
  });
});

describe('the payment calls when the provider is down', () => {
  it('answer 10000', async () => {
    const m = await memberWithSession(t, { email: 'provider.down@example.com' });
    const encryptCustomerInput = await encryptedCardFor(
      t,
      m.headers,
      testCard('4111111111111111'),
      1,
    );
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const app = await buildApp({
      env: { ...t.app.env, PSP_URL: `http://127.0.0.1:${port}` },
      database: t.database,
      clock: t.clock,
    });
    await app.ready();
    try {
      const call = ({ path }: CallDef, payload: unknown) =>
        app.inject({
          method: 'POST',
          url: `/client-api${path}`,
          headers: { channel: 'ASE', ...m.headers },
          payload: payload as Record<string, unknown>,
        });
      const add = await call(calls.addCard, {
        encryptCustomerInput,
        cardHolder: 'Ann Lee',
        paymentProductId: 1,
      });
      expect(add.json()).toMatchObject({ state: '0', errorCode: '10000' });
      const session = await call(calls.createCardSession, {});
      expect(session.json()).toMatchObject({ state: '0', errorCode: '10000' });
      expect(await rowsOf(m.user.id)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
