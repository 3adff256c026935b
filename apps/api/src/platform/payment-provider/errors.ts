import type { ProviderErrorItem } from './answers';

/* How the provider says no: card refusals by code, and the errors its client throws. */

/** Why the provider refused to tokenise a card, by its error code. */
export type CardRefusal =
  'authentication-failed' | 'declined-by-issuer' | 'card-type-not-accepted' | 'unknown-card';

export const REFUSALS: ReadonlyMap<string, CardRefusal> = new Map([
  ['61007', 'authentication-failed'],
  ['430712', 'declined-by-issuer'],
  ['61008', 'card-type-not-accepted'],
  ['300450', 'unknown-card'],
]);

/** The provider's code for a wrong card value (one error per field). */
export const INVALID_VALUE = '1100';
export const UNKNOWN_TOKEN = '1300';
/** The provider's code for a payment (or an order's payment) it does not know. */
export const UNKNOWN_PAYMENT = '1400';

/** The provider could not be reached in time (or is not configured): try again later. */
export class ProviderUnavailable extends Error {
  readonly operation: string;
  readonly reason: 'timeout' | 'network' | 'not-configured';

  constructor(
    operation: string,
    reason: ProviderUnavailable['reason'],
    options: { cause?: unknown } = {},
  ) {
    super(`payment provider unavailable (${operation}: ${reason})`, options);
    this.name = 'ProviderUnavailable';
    this.operation = operation;
    this.reason = reason;
  }
}

/** The provider answered an error the caller has no typed outcome for, or an unreadable answer. */
export class ProviderError extends Error {
  readonly operation: string;
  readonly status: number;
  readonly codes: string[];
  readonly errorId: string | undefined;

  constructor(
    operation: string,
    status: number,
    items: readonly ProviderErrorItem[],
    errorId?: string,
  ) {
    const codes = items.map((item) => item.code);
    super(
      `payment provider error (${operation}: HTTP ${status}${codes.length ? `, ${codes.join(', ')}` : ''})`,
    );
    this.name = 'ProviderError';
    this.operation = operation;
    this.status = status;
    this.codes = codes;
    this.errorId = errorId;
  }

  /** An answer that is not the provider's documented shape. */
  static malformed(operation: string, status: number): ProviderError {
    return new ProviderError(operation, status, [{ code: 'MALFORMED_ANSWER' }]);
  }
}
