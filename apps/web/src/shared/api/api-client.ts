import {
  API_PREFIX,
  DEFAULT_CHANNEL,
  HEADER_AUTHORIZATION,
  HEADER_CHANNEL,
  HEADER_LANGUAGE,
  errorCatalogue,
  errorsOf,
  waitText,
  type BookingPrice,
  type CallDef,
  type CallDescriptor,
  type FailureEnvelope,
  type Money,
  type PayloadOf,
  type ResultOf,
} from '@portal/contract';
import { paths } from '../config/paths';
import { currentLanguage, i18n } from '../i18n/i18n';
import { clearLogin, currentToken, noteTokenUse } from '../storage/login-state';
import { ApiError, HttpError, NetworkError, ResponseFormatError } from './api-errors';
import { tokenUsed, unauthorized } from './api-events';

const AUTH_FAILURE_CODE = errorCatalogue.authFailure.code;

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** The payload argument may be left out when the call's payload accepts undefined. */
export type PayloadArgs<C extends CallDef> =
  undefined extends PayloadOf<C>
    ? [payload?: PayloadOf<C>, options?: CallOptions]
    : [payload: PayloadOf<C>, options?: CallOptions];

const JSON_TYPE = 'application/json';
/** The files calls answer: booking and membership PDFs, calendar files. */
const FILE_TYPES = ['application/pdf', 'text/calendar'] as const;

function headers(accept: string): Record<string, string> {
  const result: Record<string, string> = {
    'content-type': JSON_TYPE,
    accept,
    [HEADER_CHANNEL]: DEFAULT_CHANNEL,
    [HEADER_LANGUAGE]: currentLanguage(),
  };
  const token = currentToken();
  if (token) result[HEADER_AUTHORIZATION] = `Bearer ${token}`;
  return result;
}

/**
 * A call as the client takes it: its descriptor (virtual:call-descriptors, plain data, what the
 * app uses) or its contract declaration (whose result schema is then checked too).
 */
export type CallLike<C extends CallDef> = C | CallDescriptor<C>;

const isDeclaration = (call: CallLike<CallDef>): call is CallDef => 'result' in call;

function toApiError(call: CallLike<CallDef>, failure: FailureEnvelope): ApiError {
  const names = isDeclaration(call) ? errorsOf(call) : call.errors;
  const name = names.find((n) => errorCatalogue[n].code === failure.errorCode);
  const def = name ? errorCatalogue[name] : undefined;
  const message = def
    ? i18n.t(def.key, {
        ns: 'messages',
        defaultValue: def.message,
        // A lock's text says how long it has left.
        wait: waitText(failure.result?.time),
      })
    : failure.errorMsg;
  return new ApiError({
    name: name ?? 'unexpected',
    code: failure.errorCode,
    message,
    time: failure.result?.time,
    fields: failure.result?.fields?.map((field) => ({
      path: field.path,
      message: i18n.t(field.message, { ns: 'messages', defaultValue: field.message }),
    })),
    price: failure.result?.price,
  });
}

function handleAuthFailure(): void {
  clearLogin();
  if (unauthorized.listenerCount() > 0) unauthorized.emit();
  else window.location.assign(paths.timeOut.getHref());
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const isMoney = (v: unknown): v is Money =>
  isRecord(v) && isCount(v.amount) && typeof v.currency === 'string';

/** A failure's price now (priceChanged), checked by hand as the rest of the envelope is. */
function asPrice(v: unknown): BookingPrice | undefined {
  if (!isRecord(v) || !isMoney(v.total) || !(v.unitPrice === null || isMoney(v.unitPrice))) {
    return undefined;
  }
  const { passengers, infants, passesUsed, paidPassengers } = v;
  if (![passengers, infants, passesUsed, paidPassengers].every(isCount)) return undefined;
  return {
    passengers: passengers as number,
    infants: infants as number,
    passesUsed: passesUsed as number,
    paidPassengers: paidPassengers as number,
    unitPrice: v.unitPrice,
    total: v.total,
  };
}

/** The failure envelope, checked by hand: this path must not need the schema library. */
function asFailure(body: unknown): FailureEnvelope | undefined {
  if (!isRecord(body) || body.state !== '0' || typeof body.errorCode !== 'string') return undefined;
  const result = isRecord(body.result) ? body.result : undefined;
  const time = typeof result?.time === 'number' ? result.time : undefined;
  const fields = Array.isArray(result?.fields)
    ? result.fields.filter(
        (f): f is { path: string; message: string } =>
          isRecord(f) && typeof f.path === 'string' && typeof f.message === 'string',
      )
    : undefined;
  const price = asPrice(result?.price);
  return {
    state: '0',
    errorCode: body.errorCode,
    errorMsg: typeof body.errorMsg === 'string' ? body.errorMsg : '',
    ...(result
      ? {
          result: {
            ...(time === undefined ? {} : { time }),
            ...(fields ? { fields } : {}),
            ...(price ? { price } : {}),
          },
        }
      : {}),
  };
}

/** The body as JSON; a non-JSON error answer (a proxy's 4xx page) is an HTTP fault. */
async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    if (!response.ok) throw new HttpError(response.status);
    throw new ResponseFormatError(response.status, 'the body is not JSON');
  }
}

/** POSTs the payload; faults that never reach the envelope (network, HTTP 5xx) throw here. */
async function post(
  call: CallLike<CallDef>,
  payload: unknown,
  options: CallOptions | undefined,
  accept: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${call.path}`, {
      method: 'POST',
      headers: headers(accept),
      body: JSON.stringify(payload ?? {}),
      signal: options?.signal ?? null,
    });
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  if (response.status >= 500) throw new HttpError(response.status);
  return response;
}

/**
 * What every answer does to the session: a member call the server accepted the token for
 * restarts the idle window; 20002 logs out. A failure envelope then throws its ApiError.
 */
function settle(call: CallLike<CallDef>, failure: FailureEnvelope | undefined): void {
  if (call.auth === 'member' && failure?.errorCode !== AUTH_FAILURE_CODE) {
    noteTokenUse();
    tokenUsed.emit();
  }
  if (!failure) return;
  if (failure.errorCode === AUTH_FAILURE_CODE) handleAuthFailure();
  throw toApiError(call, failure);
}

/**
 * The one way the web talks to the api: POST {API_PREFIX}{path} with the call's payload,
 * unwraps the envelope, checks the result against the contract (when given the declaration
 * rather than a reference) and returns it typed.
 * Throws ApiError for state '0', HttpError / NetworkError / ResponseFormatError for faults.
 */
export async function callApi<C extends CallDef>(
  call: CallLike<C>,
  ...[payload, options]: PayloadArgs<C>
): Promise<ResultOf<C>> {
  const response = await post(call, payload, options, JSON_TYPE);
  const body = await readJson(response);
  settle(call, asFailure(body));
  if (!response.ok) throw new HttpError(response.status);

  const successState = call.successState ?? '1';
  if (
    typeof body !== 'object' ||
    body === null ||
    !('state' in body) ||
    body.state !== successState
  ) {
    throw new ResponseFormatError(response.status, `expected state '${successState}'`);
  }
  const raw = 'result' in body ? body.result : undefined;
  // The server checks and filters every result against the contract already.
  if (!isDeclaration(call)) return raw as ResultOf<C>;
  const result = call.result.safeParse(raw);
  if (!result.success) {
    throw new ResponseFormatError(response.status, `result does not match ${call.path}`);
  }
  return result.data as ResultOf<C>;
}

/** The file's bytes; a connection lost while they arrive is a network fault, as in post(). */
async function readBlob(response: Response, options: CallOptions | undefined): Promise<Blob> {
  try {
    return await response.blob();
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    throw new NetworkError(error);
  }
}

/**
 * A call that answers a file (a confirmation PDF, a calendar file) as a Blob, or, when the
 * server answers the JSON failure envelope instead, the same errors as callApi.
 */
export async function callApiFile<C extends CallDef>(
  call: CallLike<C>,
  ...[payload, options]: PayloadArgs<C>
): Promise<Blob> {
  const response = await post(call, payload, options, [...FILE_TYPES, JSON_TYPE].join(', '));
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (response.ok && FILE_TYPES.some((file) => type.startsWith(file))) {
    settle(call, undefined);
    return await readBlob(response, options);
  }
  const body = await readJson(response);
  settle(call, asFailure(body));
  if (!response.ok) throw new HttpError(response.status);
  throw new ResponseFormatError(response.status, `expected ${FILE_TYPES.join(' or ')}`);
}
