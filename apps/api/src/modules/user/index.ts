import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAccountEmail } from './account-email';
import { registerEmailValidation } from './email-validation';

export const userModule = fp(
  (app: FastifyInstance) => {
    registerEmailValidation(app);
    registerAccountEmail(app);
  },
  { name: 'user', dependencies: ['platform', 'auth'] },
);

export { sendEmailLink } from './email-validation';
