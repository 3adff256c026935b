import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerPasswordLogin } from './password-login';

export const loginModule = fp(
  (app: FastifyInstance) => {
    registerPasswordLogin(app);
  },
  { name: 'login', dependencies: ['platform', 'auth'] },
);
