import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerEmailValidation } from './email-validation';

export const userModule = fp(
  (app: FastifyInstance) => {
    registerEmailValidation(app);
  },
  { name: 'user', dependencies: ['platform', 'auth'] },
);
