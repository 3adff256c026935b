/**
 * The payment provider client: the only code that talks to the card-payment provider's server
 * API (apps/psp-sandbox locally). It maps the provider's JSON and error bodies to typed results
 * and never puts a request body (which carries the encrypted card) into an error or a log.
 */
export {
  isBrowserAddress,
  paymentSchema,
  type ProviderCard,
  type ProviderErrorItem,
  type ProviderPayment,
  type ProviderRefund,
  type ProviderSession,
  type ProviderToken,
  type ProviderTokenStatus,
} from './payment-provider/answers';
export { ProviderError, ProviderUnavailable, type CardRefusal } from './payment-provider/errors';
export type {
  CreatePaymentInput,
  CreateTokenInput,
  CreateTokenResult,
  PaymentProvider,
} from './payment-provider/types';
export { createPaymentProvider, type PaymentProviderOptions } from './payment-provider/client';
