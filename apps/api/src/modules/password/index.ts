import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerChangePassword } from './change-password';
import { registerForgottenPassword } from './forgotten-password';

/** The contract's password group: forgotten passwords and a logged-in member's change. */
export const passwordModule = fp(
  (app: FastifyInstance) => {
    registerForgottenPassword(app);
    registerChangePassword(app);
  },
  { name: 'password', dependencies: ['platform', 'auth'] },
);
