import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPaymentProvider, type PaymentProvider } from './payment-provider';
import { paymentProviderConfig } from './payment-provider-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card-payment provider's server API (see platform/payment-provider.ts). */
    paymentProvider: PaymentProvider;
  }
}

export interface PaymentProviderPluginOptions {
  /** Another client in place of the one built from the env (PSP_URL, PSP_API_KEY, ...). */
  provider?: PaymentProvider;
}

/** Puts the payment provider client on the app, built from the env unless one is given. */
export const paymentProviderPlugin = fp(
  (app: FastifyInstance, options: PaymentProviderPluginOptions) => {
    app.decorate(
      'paymentProvider',
      options.provider ?? createPaymentProvider(paymentProviderConfig(app.env)),
    );
  },
  { name: 'payment-provider', dependencies: ['platform'] },
);
