import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerChangePassword } from './change-password';
import { registerCodeLogin } from './code-login';
import { registerForgottenPassword } from './forgotten-password';
import { registerPasswordLogin } from './password-login';

export const loginModule = fp(
  (app: FastifyInstance) => {
    registerPasswordLogin(app);
    registerCodeLogin(app);
    registerForgottenPassword(app);
    registerChangePassword(app);
  },
  { name: 'login', dependencies: ['platform', 'auth'] },
);
