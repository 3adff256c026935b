import { calls } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi, offContract } from '@/testing/mock-api';
import { logIn } from '@/testing/render-app';
import { storage } from '@/shared/storage/storage';
import { callApiFile } from '../api-client';
import { ApiError, HttpError, NetworkError, ResponseFormatError } from '../api-errors';
import { tokenUsed, unauthorized } from '../api-events';

const PDF_PATH = '/account/bookings/pdf-stream';
const pdfBytes = new TextEncoder().encode('%PDF-1.7 confirmation');

const pdf = () =>
  new Response(pdfBytes, { headers: { 'content-type': 'application/pdf; charset=binary' } });

describe('callApiFile', () => {
  it('posts like callApi and answers the PDF as a Blob', async () => {
    logIn();
    const onTokenUsed = vi.fn();
    const unsubscribe = tokenUsed.subscribe(onTokenUsed);
    const fetchMock = mockApi({ [PDF_PATH]: pdf });

    const blob = await callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' });

    expect(blob.type).toBe('application/pdf;charset=binary');
    expect(new TextDecoder().decode(await blob.arrayBuffer())).toBe('%PDF-1.7 confirmation');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/client-api${PDF_PATH}`);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"bookingId":"LNG123456"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer test-token');
    expect(headers.accept).toBe('application/pdf, text/calendar, application/json');
    expect(headers['content-type']).toBe('application/json');
    expect(headers.channel).toBe('ASE');
    expect(onTokenUsed).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('turns the JSON failure envelope into the ApiError named from the call', async () => {
    logIn();
    mockApi({ [PDF_PATH]: () => failure('10002', 'not found') });
    const error = await callApiFile(calls.bookingPdf, { bookingId: 'LNG000000' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'notFound',
      code: '10002',
      message: 'We could not find what you asked for.',
    });
  });

  it('on 20002 clears login, announces it and does not count as token use', async () => {
    logIn();
    const onUnauthorized = vi.fn();
    const onTokenUsed = vi.fn();
    const unsubscribe = [unauthorized.subscribe(onUnauthorized), tokenUsed.subscribe(onTokenUsed)];
    mockApi({ [PDF_PATH]: () => failure('20002', 'Session time out') });

    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toMatchObject({
      name: 'authFailure',
      code: '20002',
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onTokenUsed).not.toHaveBeenCalled();
    expect(storage.get('token')).toBeUndefined();
    expect(storage.get('isLogin')).toBeUndefined();
    for (const off of unsubscribe) off();
  });

  it('refuses a success envelope or other content where a PDF was expected', async () => {
    mockApi({ [PDF_PATH]: () => offContract(envelope({ url: 'x' })) });
    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toBeInstanceOf(
      ResponseFormatError,
    );

    mockApi({
      [PDF_PATH]: () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    });
    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toBeInstanceOf(
      ResponseFormatError,
    );
  });

  it('turns HTTP errors and network failures into the usual faults', async () => {
    mockApi({ [PDF_PATH]: () => new Response('<html>', { status: 503 }) });
    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toMatchObject({
      status: 503,
    });

    mockApi({ [PDF_PATH]: () => new Response('Forbidden', { status: 403 }) });
    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toBeInstanceOf(
      HttpError,
    );

    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('turns a body that fails while it arrives into the same NetworkError', async () => {
    const lost = new TypeError('network error');
    mockApi({
      [PDF_PATH]: () => {
        const response = pdf();
        vi.spyOn(response, 'blob').mockRejectedValue(lost);
        return response;
      },
    });
    const error = await callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(lost);
  });

  it('lets an abort while the body arrives stay an abort', async () => {
    const controller = new AbortController();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    mockApi({
      [PDF_PATH]: () => {
        const response = pdf();
        vi.spyOn(response, 'blob').mockImplementation(() => {
          controller.abort();
          return Promise.reject(aborted);
        });
        return response;
      },
    });
    await expect(
      callApiFile(calls.bookingPdf, { bookingId: 'LNG123456' }, { signal: controller.signal }),
    ).rejects.toBe(aborted);
  });
});
