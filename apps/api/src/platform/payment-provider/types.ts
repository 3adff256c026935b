import type { ProviderPayment, ProviderRefund, ProviderSession, ProviderToken } from './answers';
import type { CardRefusal } from './errors';

/* What the portal asks of the provider, and what it answers. */

export type CreateTokenResult =
  | { outcome: 'created'; token: ProviderToken }
  /** 3-D Secure: the browser goes to `redirectUrl`, then back to the returnUrl given. */
  | { outcome: 'pending-authentication'; token: ProviderToken; redirectUrl: string }
  | { outcome: 'refused'; reason: CardRefusal; code: string }
  /** The card values were wrong; `property` is the SDK's field id (cardNumber, cvv, ...). */
  | { outcome: 'invalid-values'; fields: { property: string; message: string }[] };

export interface CreateTokenInput {
  /** The SDK's JWE: passed through, never logged. */
  encryptedCustomerInput: string;
  returnUrl: string;
  reference?: string;
}

export interface CreatePaymentInput {
  token: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** The provider answers the same payment for a retry of the same order id. */
  orderId: string;
  /** Where a 3-D Secure challenge at payment sends the browser back. */
  returnUrl?: string;
}

export interface PaymentProvider {
  /** Whether a provider is configured; when not, every call throws ProviderUnavailable. */
  readonly configured: boolean;
  /** Where the provider serves card logos, with a trailing slash ('' when not configured). */
  readonly assetUrl: string;
  /** `POST {host}/ingenico/cacheCvv`, where browsers send a saved card's security code. */
  readonly cvvCacheUrl: string;
  createSession(input: { customerId: string }): Promise<ProviderSession>;
  createToken(input: CreateTokenInput): Promise<CreateTokenResult>;
  /** undefined when the provider does not know the token. */
  getToken(id: string): Promise<ProviderToken | undefined>;
  /** false when the provider did not know the token. */
  deleteToken(id: string): Promise<boolean>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** undefined when the provider knows no such payment. */
  getPayment(paymentId: string): Promise<ProviderPayment | undefined>;
  /** The payment taken for an order, when its answer was lost; undefined when none was. */
  findPaymentForOrder(orderId: string): Promise<ProviderPayment | undefined>;
  /** Refunds `amount` minor units, or all that is left. */
  refund(paymentId: string, amount?: number): Promise<ProviderRefund>;
}
