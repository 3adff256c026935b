import type { z } from 'zod';
import { commonErrors, memberErrors, type ErrorName } from './errors';

export type Auth = 'public' | 'member';

/**
 * The budgets a call counts against (constants IP_LIMITS), on top of the spec's own locks:
 * logins, code sends and checks, registration steps, and card sessions. New cards and declined
 * payments have their own budget, counted where they happen (CARD_ATTEMPTS).
 */
export type IpLimit = 'login' | 'code' | 'registration' | 'cardSession' | 'paymentReturn';

export interface CallDef<
  P extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  E extends ErrorName = ErrorName,
  A extends Auth = Auth,
> {
  /** Path under /client-api, e.g. '/airport/list-v2'. */
  readonly path: `/${string}`;
  readonly auth: A;
  readonly payload: P;
  readonly result: R;
  /** The errors this call can answer beyond the common ones. */
  readonly errors: readonly E[];
  /** The success state on the wire: '1' for every call but the public-key one ('11'). */
  readonly successState?: '1' | '11';
  /** One line for the API document's list of calls (its OpenAPI summary). */
  readonly summary: string;
  /** More about the call than its summary, for the API document (markdown). */
  readonly description?: string;
  /**
   * A call that answers a file rather than the JSON envelope on success (its result is
   * `z.never()`); its failures are the envelope as for every call.
   */
  readonly file?: 'application/pdf' | 'text/calendar';
  /**
   * Counted per client address (a member's call: per member); past the budget the call answers
   * tooManyRequests (10029; a member's call memberTooManyRequests, 10030).
   */
  readonly ipLimit?: IpLimit;
}

export function defineCall<
  P extends z.ZodType,
  R extends z.ZodType,
  const A extends Auth,
  E extends ErrorName = never,
>(call: CallDef<P, R, E, A>): CallDef<P, R, E, A> {
  return call;
}

export type PayloadOf<C extends CallDef> = z.input<C['payload']>;
export type ParsedPayloadOf<C extends CallDef> = z.output<C['payload']>;
export type ResultOf<C extends CallDef> = z.output<C['result']>;

/** Every error name a call can answer, common ones included. */
export function errorsOf(call: CallDef): readonly ErrorName[] {
  return [
    ...commonErrors,
    ...(call.auth === 'member' ? memberErrors : []),
    // Counted per member for a member's call, per address for a public one.
    ...(call.ipLimit
      ? ([call.auth === 'member' ? 'memberTooManyRequests' : 'tooManyRequests'] as const)
      : []),
    ...call.errors,
  ];
}

export const API_PREFIX = '/client-api';

/**
 * What a client needs of a call at run time: no schemas, so no zod in the browser's first load.
 * The phantom `call` type keeps the payload and result types attached for inference.
 */
export interface CallDescriptor<C extends CallDef = CallDef> {
  readonly name: string;
  readonly path: C['path'];
  readonly auth: C['auth'];
  readonly successState: '1' | '11';
  readonly errors: readonly ErrorName[];
  readonly __call?: C;
}

export function describeCall<C extends CallDef>(name: string, call: C): CallDescriptor<C> {
  return {
    name,
    path: call.path,
    auth: call.auth,
    successState: call.successState ?? '1',
    errors: errorsOf(call),
  };
}
