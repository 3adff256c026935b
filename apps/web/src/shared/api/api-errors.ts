import type { BookingPrice, ErrorName } from '@portal/contract';
import { statusText } from './http-status';

export interface FieldError {
  path: string;
  message: string;
}

/** The server answered state '0': a business error the screen handles (spec section 8). */
export class ApiError extends Error {
  /** The catalogue name among the call's errors, or 'unexpected' for a code it does not list. */
  override readonly name: ErrorName | 'unexpected';
  readonly code: string;
  /** Lock or busy seconds (result.time). */
  readonly time: number | undefined;
  readonly fields: FieldError[] | undefined;
  /** A booking's price now, when it changed since the member saw it (priceChanged). */
  readonly price: BookingPrice | undefined;

  constructor(init: {
    name: ErrorName | 'unexpected';
    code: string;
    message: string;
    time?: number | undefined;
    fields?: FieldError[] | undefined;
    price?: BookingPrice | undefined;
  }) {
    super(init.message);
    this.name = init.name;
    this.code = init.code;
    this.time = init.time;
    this.fields = init.fields;
    this.price = init.price;
  }
}

/** A real fault: the server answered with an HTTP error status. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly statusText: string;

  constructor(status: number) {
    const text = statusText(status);
    super(`${status} ${text}`);
    this.status = status;
    this.statusText = text;
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause: unknown) {
    super('Network request failed', { cause });
  }
}

/** The answer was not what the contract declares. */
export class ResponseFormatError extends Error {
  override readonly name = 'ResponseFormatError';
  readonly status: number;

  constructor(status: number, detail: string) {
    super(`Unexpected response: ${detail}`);
    this.status = status;
  }
}

export type ServerFault = HttpError | NetworkError | ResponseFormatError;

/** The failures the global server-error overlay shows; business errors stay with the screen. */
export function isServerFault(error: unknown): error is ServerFault {
  return (
    error instanceof HttpError ||
    error instanceof NetworkError ||
    error instanceof ResponseFormatError
  );
}

export const isApiError = (
  error: unknown,
  ...names: (ErrorName | 'unexpected')[]
): error is ApiError =>
  error instanceof ApiError && (names.length === 0 || names.includes(error.name));
