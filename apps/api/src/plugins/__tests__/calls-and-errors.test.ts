import { calls, defineCall } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSession, revokeSession } from '../../platform/sessions';
import { hashToken } from '../../platform/crypto';
import { CallError } from '../../platform/call-error';
import { registerCall, registerCallCheckingToken } from '../calls';
import type { FastifyInstance } from 'fastify';

const whoAmI = defineCall({
  path: '/test/who-am-i',
  summary: 'Who the token is.',
  auth: 'member',
  payload: z.object({ n: z.number().int().max(10) }).strict(),
  result: z.object({ userId: z.string() }),
  errors: [],
});
const boom = defineCall({
  path: '/test/boom',
  summary: 'Fails as asked.',
  auth: 'public',
  payload: z.object({ kind: z.enum(['fault', 'locked', 'fields']) }),
  result: z.object({}),
  errors: ['codeLocked'],
});
const leaky = defineCall({
  path: '/test/leaky',
  summary: 'Answers more than its result schema holds.',
  auth: 'public',
  payload: z.undefined().optional(),
  result: z.object({ shown: z.string() }),
  errors: [],
});

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      registerCall(app, whoAmI, ({ member }) => Promise.resolve({ userId: member.userId }));
      registerCall(app, boom, ({ payload }) => {
        if (payload.kind === 'locked') throw new CallError('codeLocked', { time: 287 });
        if (payload.kind === 'fields') {
          throw new CallError('invalidRequest', {
            fields: [{ path: 'password', message: 'password-error-rules' }],
          });
        }
        throw new Error('database exploded at /secret/path');
      });
      registerCall(app, leaky, () =>
        Promise.resolve({ shown: 'yes', passwordHash: 'must not leak' } as { shown: string }),
      );
    },
  });
  userId = (await insertUser(t.app.db, { email: 'ann@example.com' })).id;
});
afterAll(() => t.close());

describe('member calls', () => {
  it('answer 20002 with no token, an unknown token, or a malformed header', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Bearer ' },
    ] as Record<string, string>[]) {
      const { response, body } = await t.post('/test/who-am-i', { n: 1 }, headers);
      expect(response.statusCode).toBe(200);
      expect(body).toMatchObject({ state: '0', errorCode: '20002', errorMsg: 'Session time out' });
    }
  });

  it('check the token before the payload', async () => {
    const { body } = await t.post('/test/who-am-i', { n: 'bad' });
    expect(body.errorCode).toBe('20002');
  });

  it('accept the token with or without Bearer, and slide the idle window', async () => {
    const token = await createSession(t.app.db, userId, t.clock.now());
    for (const authorization of [`Bearer ${token}`, token]) {
      const { body } = await t.post('/test/who-am-i', { n: 1 }, { authorization });
      expect(body).toEqual({ state: '1', errorCode: null, result: { userId } });
    }
    t.clock.advance(5 * 3600 * 1000);
    expect((await t.post('/test/who-am-i', { n: 1 }, { authorization: token })).body.state).toBe(
      '1',
    );
    t.clock.advance(5 * 3600 * 1000);
    expect((await t.post('/test/who-am-i', { n: 1 }, { authorization: token })).body.state).toBe(
      '1',
    );
  });

  it('expire after 6 hours unused', async () => {
    const token = await createSession(t.app.db, userId, t.clock.now());
    t.clock.advance(6 * 3600 * 1000 + 1000);
    const { body } = await t.post('/test/who-am-i', { n: 1 }, { authorization: token });
    expect(body.errorCode).toBe('20002');
  });

  it('refuse a revoked token', async () => {
    const token = await createSession(t.app.db, userId, t.clock.now());
    await revokeSession(t.app.db, hashToken(token), t.clock.now());
    const { body } = await t.post('/test/who-am-i', { n: 1 }, { authorization: token });
    expect(body.errorCode).toBe('20002');
  });

  it('validate the payload once the token is good', async () => {
    const token = await createSession(t.app.db, userId, t.clock.now());
    const { response, body } = await t.post('/test/who-am-i', { n: 11 }, { authorization: token });
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    expect((body.result as { fields: { path: string }[] }).fields[0]?.path).toBe('n');
  });
});

describe('calls that check the token in their own statement (issue 23)', () => {
  it('cannot have a budget: it is counted per member, once the token is checked', () => {
    const budgeted = defineCall({ ...whoAmI, path: '/test/budgeted', ipLimit: 'code' });
    expect(() =>
      registerCallCheckingToken({} as FastifyInstance, budgeted, () =>
        Promise.resolve({ userId: 'nobody' }),
      ),
    ).toThrow('/test/budgeted: a call with a budget checks its token before its handler');
  });
});

describe('the error handler', () => {
  it('answers a call failure with its code, message and result.time', async () => {
    const { response, body } = await t.post('/test/boom', { kind: 'locked' });
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({
      state: '0',
      errorCode: '30005',
      errorMsg: 'Too many incorrect codes. Please wait five minutes and try again.',
      result: { time: 287 },
    });
  });

  it('answers the fields a call failure names', async () => {
    const { body } = await t.post('/test/boom', { kind: 'fields' });
    expect(body).toEqual({
      state: '0',
      errorCode: '10001',
      errorMsg: 'Some of the details sent are not valid. Please check and try again.',
      result: { fields: [{ path: 'password', message: 'password-error-rules' }] },
    });
  });

  it('answers a real fault with 500 and no stack or detail', async () => {
    const { response, body } = await t.post('/test/boom', { kind: 'fault' });
    expect(response.statusCode).toBe(500);
    expect(body).toEqual({
      state: '0',
      errorCode: '10000',
      errorMsg: 'Something went wrong. Please try again.',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('stack');
  });

  it('answers malformed JSON, a wrong type and an oversized body with state 0, never 500', async () => {
    const bad = [
      { 'content-type': 'application/json', payload: '{"kind":' },
      { 'content-type': 'text/plain', payload: 'hello' },
      {
        'content-type': 'application/json',
        payload: JSON.stringify({ kind: 'x'.repeat(300_000) }),
      },
      { 'content-type': 'application/json', payload: '{"__proto__":{"admin":true}}' },
    ];
    for (const { payload, ...headers } of bad) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/client-api/test/boom',
        headers: { channel: 'ASE', ...headers },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });

  it('answers an unknown call with a clear error', async () => {
    const { response, body } = await t.post('/no/such-call', {});
    expect(response.statusCode).toBe(404);
    expect(body).toEqual({
      state: '0',
      errorCode: '10003',
      errorMsg: 'This service does not exist.',
    });
  });

  it('filters a result through its schema so nothing extra leaks', async () => {
    const { body } = await t.post('/test/leaky');
    expect(body.result).toEqual({ shown: 'yes' });
  });

  it('sends security headers and a request id', async () => {
    const { response } = await t.call(calls.tcList, {});
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});
