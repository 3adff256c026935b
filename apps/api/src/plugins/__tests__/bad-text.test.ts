import { calls, type CallDef } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithSession } from '../../../test/call-helpers';
import { createTestApp, unchecked, type TestApp } from '../../../test/test-app';

/*
 * PostgreSQL cannot store U+0000 in text: a NUL that reached a query answered 500. Every string
 * of a request (body, query string, path parameters) is refused with 10001 before any handler.
 */
let t: TestApp;
let member: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
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
