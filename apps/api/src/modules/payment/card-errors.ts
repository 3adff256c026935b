import type { ErrorName } from '@portal/contract';
import type { CardRefusal } from '../../platform/payment-provider';
import type { FieldProblem } from '../../platform/call-error';

/** The member's error for each refusal of the provider's. */
export const REFUSAL_ERRORS: Record<CardRefusal, ErrorName> = {
  'authentication-failed': 'cardAuthFailed',
  'declined-by-issuer': 'cardAuthFailedIssuer',
  'card-type-not-accepted': 'cardNotAccepted',
  'unknown-card': 'cardNotRecognized',
};

/** The SDK's card fields, as the card form names them, with the form's message keys. */
const FIELD_PROBLEMS: Record<string, FieldProblem> = {
  cardNumber: { path: 'cardNumber', message: 'card-error-number-invalid' },
  expiryDate: { path: 'expiryDate', message: 'card-error-date' },
  cvv: { path: 'cvv', message: 'card-error-cvc' },
  cardholderName: { path: 'cardHolder', message: 'card-error-name-min' },
};

/** A wrong card value the provider named (its own message repeats no value, and is not shown). */
export const fieldProblem = (property: string): FieldProblem =>
  FIELD_PROBLEMS[property] ?? { path: property || 'encryptCustomerInput', message: 'invalid' };

/** The name typed beside the card is not the one encrypted with it. */
export const HOLDER_MISMATCH: FieldProblem = {
  path: 'cardHolder',
  message: 'card-error-name-mismatch',
};

/**
 * Provider codes that mean the encrypted input itself is unusable (not the SDK's, its session
 * expired, or replayed): the browser must encrypt again, in a new session.
 */
export const UNUSABLE_INPUT_CODES: ReadonlySet<string> = new Set(['1200', '1201', '1202']);
