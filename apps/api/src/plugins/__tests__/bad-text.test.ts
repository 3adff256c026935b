import { calls, type CallDef } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithMembership, memberWithSession } from '../../../test/call-helpers';
import { NQY_PRODUCTS } from '../../../test/catalogue-fixtures';
import { createTestApp, unchecked, type TestApp } from '../../../test/test-app';
import { upsertProducts } from '../../platform/catalogue/catalogue-store';

/*
 * PostgreSQL cannot store U+0000 in text: a NUL that reached a query answered 500. Every string
 * of a request (body, query string, path parameters) is refused with 10001 before any handler.
 */
let t: TestApp;
let member: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-25T10:00:00Z' });
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
  member = (
    await memberWithSession(t, { email: 'nul.tester@example.com', mobileNumber: '7400630009' })
  ).headers;
});
afterAll(() => t.close());

const contact = (values: Record<string, string>) => ({
  subject: 'booking',
  message: 'Where is my booking?',
  email: 'nul.tester@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  ...values,
});

describe('finding: a NUL byte in any text field answers HTTP 500', () => {
  it.each<[string, CallDef, unknown, 'member' | 'public']>([
    ['a search keyword', calls.loungeFilter, { airportCode: 'LHR', keyword: 'a\u0000b' }, 'public'],
    ['a terminal', calls.loungeFilter, { airportCode: 'LHR', terminal: '5\u0000' }, 'public'],
    ['a FAQ keyword', calls.faqList, { keyword: '\u0000' }, 'public'],
    ['a contact message', calls.emailUs, contact({ message: 'Hello\u0000there' }), 'member'],
    ['a contact name', calls.emailUs, contact({ firstName: 'A\u0000n' }), 'member'],
    ['a key', calls.loungeFilter, { airportCode: 'LHR', 'keyword\u0000': 'x' }, 'public'],
    [
      'an array element',
      calls.loungeFilter,
      { airportCode: 'LHR', facilities: ['\u0000'] },
      'public',
    ],
  ])('refuses it in %s as bad input (10001), HTTP 200', async (_what, call, payload, auth) => {
    const { response, body } = await t.call(
      call,
      unchecked(payload),
      auth === 'member' ? member : {},
    );
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
  });

  it('refuses it in a query string too', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ops-api/catalogue/export?airport=LH%00R',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      state: '0',
      errorCode: '10001',
      result: { fields: [{ path: 'query.airport' }] },
    });
  });

  it('still serves the same calls without the NUL', async () => {
    const { body } = await t.call(calls.loungeFilter, { airportCode: 'LHR', keyword: 'ab' });
    expect(body.state).toBe('1');
  });
});

describe('finding: an unpaired UTF-16 surrogate in a text field answers HTTP 500 (issue 61, item 7)', () => {
  // PostgreSQL refuses "\ud800" in a jsonb column (22P02): refused at validation, any field.
  const guests = ['Ann \ud800'];
  it.each<[string, CallDef, unknown, string]>([
    ['a guest of a pre-booking', calls.startPreBooking, { guests }, 'guests.0'],
    ['a guest of a change', calls.amendBooking, { bookingId: 'LB0000001', guests }, 'guests.0'],
    [
      "a fast-track passenger's name",
      calls.fastTrackConfirmPassengers,
      { holdId: 'h', passengers: [{ firstName: '\udc00Ann', lastName: 'Lee' }] },
      'passengers.0.firstName',
    ],
    [
      "the cardholder's name",
      calls.confirmCardholderDetails,
      { holdId: 'h', firstName: 'Ann', lastName: 'Lee\udbff' },
      'lastName',
    ],
  ])(
    'refuses one in %s as bad input (10001) naming it, HTTP 200',
    async (_what, call, payload, path) => {
      const { response, body } = await t.call(call, unchecked(payload), member);
      expect(response.statusCode).toBe(200);
      expect(body).toMatchObject({
        state: '0',
        errorCode: '10001',
        result: { fields: [{ path, message: 'must not contain U+0000 or an unpaired surrogate' }] },
      });
    },
  );

  it('refuses a pre-booking otherwise valid, and takes the same with a whole character', async () => {
    const booker = await memberWithMembership(t, 'Surrogate', 1, { passesPerYear: 4 });
    const preBook = (name: string) =>
      t.call(
        calls.startPreBooking,
        {
          code: NQY_PRODUCTS[0]!.id,
          date: '2026-11-28',
          time: '12:00',
          flightNumber: 'BA1234',
          guests: [name],
          dpid: booker.own.dpid,
        },
        booker.headers,
      );
    const lone = await preBook('Ann \ud83d');
    expect(lone.response.statusCode).toBe(200);
    expect(lone.body).toMatchObject({ state: '0', errorCode: '10001' });
    // The same half with its pair is a character like any other.
    expect((await preBook('Ann \ud83d\ude00')).body.state).toBe('1');
  });
});
