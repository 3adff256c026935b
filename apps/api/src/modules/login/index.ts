import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerCodeLogin } from './code-login';
import { registerPasswordLogin } from './password-login';

/** The contract's login group: by password or by a one-time code, and logout. */
export const loginModule = fp(
  (app: FastifyInstance) => {
    registerPasswordLogin(app);
    registerCodeLogin(app);
  },
  { name: 'login', dependencies: ['platform', 'auth'] },
);

export { openLogin, type LoginResult } from './login-session';
