import { randomUUID } from 'node:crypto';

/**
 * Every error the sandbox answers, in the provider's shape. Codes the portal acts on are the
 * provider's (61007, 61008, 430712, 300450, 1007, 9002, 9007); the rest are the sandbox's own and
 * listed in the README.
 */
export const ERRORS = {
  missingOrInvalidAuthorization: {
    code: '9002',
    id: 'MISSING_OR_INVALID_AUTHORIZATION',
    status: 401,
    message: 'MISSING_OR_INVALID_AUTHORIZATION',
  },
  merchantNotAllowed: {
    code: '9007',
    id: 'ACCESS_TO_MERCHANT_NOT_ALLOWED',
    status: 403,
    message: 'ACCESS_TO_MERCHANT_NOT_ALLOWED',
  },
  invalidRequest: {
    code: '1000',
    id: 'INVALID_REQUEST',
    status: 400,
    message: 'The request is malformed',
  },
  invalidValue: { code: '1100', id: 'INVALID_VALUE', status: 400, message: 'A value is invalid' },
  invalidEncryptedInput: {
    code: '1200',
    id: 'INVALID_ENCRYPTED_CUSTOMER_INPUT',
    status: 400,
    message: 'encryptedCustomerInput cannot be decrypted or read',
  },
  unknownClientSession: {
    code: '1201',
    id: 'UNKNOWN_OR_EXPIRED_CLIENT_SESSION',
    status: 400,
    message: 'The client session is unknown or has expired',
  },
  nonceAlreadyUsed: {
    code: '1202',
    id: 'NONCE_ALREADY_USED',
    status: 400,
    message: 'This encrypted customer input was already used',
  },
  unknownProduct: {
    code: '1007',
    id: 'UNKNOWN_PRODUCT_ID',
    status: 404,
    message: 'UNKNOWN_PRODUCT_ID',
  },
  unknownIin: { code: '300450', id: 'UNKNOWN_IIN', status: 404, message: 'UNKNOWN IIN' },
  authenticationFailed: {
    code: '61007',
    id: 'AUTHENTICATION_FAILED',
    status: 402,
    message: 'The cardholder authentication failed',
  },
  declinedByIssuer: {
    code: '430712',
    id: 'DECLINED_BY_ISSUER',
    status: 402,
    message: 'The card issuer declined the request',
  },
  cardTypeNotAccepted: {
    code: '61008',
    id: 'CARD_TYPE_NOT_ACCEPTED',
    status: 402,
    message: 'This merchant does not accept this card type',
  },
  unknownToken: { code: '1300', id: 'UNKNOWN_TOKEN', status: 404, message: 'UNKNOWN_TOKEN' },
  tokenNotUsable: {
    code: '1301',
    id: 'TOKEN_NOT_USABLE',
    status: 400,
    message: 'The token is not ready for payments',
  },
  unknownPayment: {
    code: '1400',
    id: 'UNKNOWN_PAYMENT_ID',
    status: 404,
    message: 'UNKNOWN_PAYMENT_ID',
  },
  duplicateOrderId: {
    code: '1401',
    id: 'DUPLICATE_ORDER_ID',
    status: 409,
    message: 'This orderId was already used for a different payment',
  },
  insufficientFunds: {
    code: '430285',
    id: 'INSUFFICIENT_FUNDS',
    status: 402,
    message: 'Not authorised: insufficient funds',
  },
  returnUrlRequired: {
    code: '1403',
    id: 'RETURN_URL_REQUIRED',
    status: 400,
    message: 'This card needs 3-D Secure at payment: give a returnUrl',
  },
  paymentNotCaptured: {
    code: '1404',
    id: 'PAYMENT_NOT_CAPTURED',
    status: 409,
    message: 'Only a captured payment can be refunded',
  },
  gatewayTimeout: {
    code: '9504',
    id: 'GATEWAY_TIMEOUT',
    status: 504,
    message: 'The acquirer did not answer in time',
  },
  refundExceedsRemaining: {
    code: '1402',
    id: 'REFUND_EXCEEDS_REMAINING',
    status: 400,
    message: 'The refund is more than the captured amount not yet refunded',
  },
  notFound: { code: '9404', id: 'NOT_FOUND', status: 404, message: 'NOT_FOUND' },
  internal: { code: '9500', id: 'INTERNAL_ERROR', status: 500, message: 'INTERNAL_ERROR' },
} as const;

export type ErrorKind = keyof typeof ERRORS;

export interface ProviderErrorItem {
  code: string;
  id: string;
  message: string;
  httpStatusCode: number;
  propertyName?: string;
}

export interface ProviderErrorBody {
  errorId: string;
  errors: ProviderErrorItem[];
}

export interface ErrorDetail {
  propertyName?: string;
  message?: string;
  /** When an endpoint answers the same code with another status than its usual one. */
  httpStatusCode?: number;
}

export function errorItem(kind: ErrorKind, detail: ErrorDetail = {}): ProviderErrorItem {
  const entry = ERRORS[kind];
  return {
    code: entry.code,
    id: entry.id,
    message: detail.message ?? entry.message,
    httpStatusCode: detail.httpStatusCode ?? entry.status,
    ...(detail.propertyName ? { propertyName: detail.propertyName } : {}),
  };
}

/** Thrown by handlers; the error handler turns it into the provider's error body. */
export class ProviderError extends Error {
  readonly items: ProviderErrorItem[];
  readonly httpStatus: number;

  constructor(items: ProviderErrorItem[]) {
    const first = items[0];
    super(first ? `${first.code} ${first.id}` : 'provider error');
    this.items = items;
    this.httpStatus = first?.httpStatusCode ?? 500;
  }

  static of(kind: ErrorKind, detail?: ErrorDetail): ProviderError {
    return new ProviderError([errorItem(kind, detail)]);
  }

  body(): ProviderErrorBody {
    return { errorId: randomUUID(), errors: this.items };
  }
}
