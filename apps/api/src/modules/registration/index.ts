import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCheckUserInfo } from './check-user-info';
import { registerCreateAccount } from './create-account';
import { registerRegistrationCode } from './registration-code';
import { registerVerifyCard } from './verify-card';

/** Sign-up (spec section 2): membership number, details and code, password. */
export const registrationModule = fp(
  (app: FastifyInstance) => {
    registerVerifyCard(app);
    registerCheckUserInfo(app);
    registerRegistrationCode(app);
    registerCreateAccount(app);
  },
  { name: 'registration', dependencies: ['platform', 'auth'] },
);
