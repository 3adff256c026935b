import { calls, defineCall, termsItemSchema } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { logIn } from '@/testing/render-app';
import { storage } from '@/shared/storage/storage';
import { callApi } from '../api-client';
import { ApiError, HttpError, NetworkError, ResponseFormatError } from '../api-errors';
import { unauthorized } from '../api-events';
import { createQueryClient } from '../query-client';
import { callQueryOptions } from '../query-options';

const verifyCard = defineCall({
  path: '/reg-activation/verify-card',
  summary: 'A call of the test, on a real path.',
  auth: 'public',
  payload: calls.tcList.payload,
  result: termsItemSchema,
  errors: ['numberNotRecognised', 'verifySessionLocked'],
});

const memberCall = defineCall({
  path: '/account/my-details',
  summary: 'A member call of the test, on a real path.',
  auth: 'member',
  payload: calls.tcList.payload,
  result: termsItemSchema,
  errors: [],
});

const publicKeyCall = defineCall({
  path: '/login/encryptPublicKey',
  summary: "The test's public-key call ('11' on success).",
  auth: 'public',
  payload: calls.tcList.payload,
  result: termsItemSchema,
  errors: [],
  successState: '11',
});

/** These tests drive the client with calls of their own on real paths: not the contract's. */
const MADE_UP_CALLS = { contract: 'not held' } as const;

const item = { cardType: 'gold', url: 'https://example.com/t.pdf', text: 'Gold terms' };

describe('callApi', () => {
  it('posts the payload with the portal headers and returns the checked result', async () => {
    const fetchMock = mockApi({ '/tc/link': () => envelope([item]) });

    await expect(callApi(calls.tcLink, { channel: 'natwest' })).resolves.toEqual([item]);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/client-api/tc/link');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"channel":"natwest"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.channel).toBe('ASE');
    expect(headers['accept-language']).toBe('en-GB');
    expect(headers.authorization).toBeUndefined();
  });

  it('sends the bearer token when logged in', async () => {
    logIn();
    const fetchMock = mockApi({ '/tc/list': () => envelope([]) });
    await callApi(calls.tcList);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer test-token');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{}');
  });

  it("turns state '0' into an ApiError named from the call's errors, with time", async () => {
    mockApi(
      {
        '/reg-activation/verify-card': () => failure('300090', 'locked', { time: 30 }),
      },
      MADE_UP_CALLS,
    );
    const error = await callApi(verifyCard).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'verifySessionLocked',
      code: '300090',
      time: 30,
      message: 'Too many attempts. Please wait 30 seconds and try again.',
    });
  });

  it("says how long a lock has left, from the failure's time", async () => {
    mockApi({ '/payment/add-card': () => failure('10031', 'locked', { time: 61 }) }, MADE_UP_CALLS);
    await expect(
      callApi(
        defineCall({ ...memberCall, path: '/payment/add-card', errors: ['cardAttemptsLocked'] }),
      ),
    ).rejects.toMatchObject({
      name: 'cardAttemptsLocked',
      message:
        'Too many new cards or declined payments on your account in the last hour. Please wait 2 minutes and try again.',
    });
  });

  it('translates the message of a listed code, and keeps the server text for an unlisted one', async () => {
    mockApi({ '/reg-activation/verify-card': () => failure('30008') }, MADE_UP_CALLS);
    await expect(callApi(verifyCard)).rejects.toMatchObject({
      name: 'numberNotRecognised',
      message: 'Membership number not recognised. Please check and try again.',
    });

    mockApi(
      { '/reg-activation/verify-card': () => failure('99999', 'Odd failure') },
      MADE_UP_CALLS,
    );
    await expect(callApi(verifyCard)).rejects.toMatchObject({
      name: 'unexpected',
      code: '99999',
      message: 'Odd failure',
    });
  });

  it('on 20002 clears login and announces the redirect to /time-out', async () => {
    logIn();
    storage.set('signUpDraft', { dpid: '1' });
    const onUnauthorized = vi.fn();
    const unsubscribe = unauthorized.subscribe(onUnauthorized);
    mockApi({ '/account/my-details': () => failure('20002', 'Session time out') });

    await expect(callApi(memberCall)).rejects.toMatchObject({ name: 'authFailure', code: '20002' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(storage.get('isLogin')).toBeUndefined();
    expect(storage.get('token')).toBeUndefined();
    expect(storage.get('signUpDraft')).toBeUndefined();
    unsubscribe();
  });

  it('on 20002 with no app listening, goes to /time-out by a page load', async () => {
    logIn();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    mockApi({ '/account/my-details': () => failure('20002') });
    await expect(callApi(memberCall)).rejects.toBeInstanceOf(ApiError);
    expect(assign).toHaveBeenCalledWith('/time-out');
  });

  it('turns HTTP 5xx into an HttpError with its status text', async () => {
    mockApi({ '/tc/link': () => new Response('<html>', { status: 502 }) });
    const error = await callApi(calls.tcLink, { channel: 'coop' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, statusText: 'Bad Gateway' });
  });

  it('turns a failed request into a NetworkError', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApi(calls.tcList)).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a result that does not match the contract', async () => {
    mockApi({ '/tc/link': () => envelope([{ cardType: 1 }]) }, MADE_UP_CALLS);
    await expect(callApi(calls.tcLink, { channel: 'vm' })).rejects.toBeInstanceOf(
      ResponseFormatError,
    );
  });

  it("accepts state '11' for a call whose success state is '11', and only then", async () => {
    mockApi({ '/login/encryptPublicKey': () => envelope(item, '11') }, MADE_UP_CALLS);
    await expect(callApi(publicKeyCall)).resolves.toEqual(item);

    mockApi({ '/reg-activation/verify-card': () => envelope(item, '11') }, MADE_UP_CALLS);
    await expect(callApi(verifyCard)).rejects.toBeInstanceOf(ResponseFormatError);
  });

  it('builds query options keyed by path and payload', async () => {
    mockApi({ '/tc/link': () => envelope([item]) });
    const options = callQueryOptions(calls.tcLink, { channel: 'rbs' });
    expect(options.queryKey).toEqual(['/tc/link', { channel: 'rbs' }]);
    await expect(createQueryClient().fetchQuery(options)).resolves.toEqual([item]);
  });
});
