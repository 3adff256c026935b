import type { FastifyInstance } from 'fastify';
import { loadLoginKeys, type LoginKeys } from '../platform/password-crypto';

const loaded = new WeakMap<FastifyInstance, Promise<LoginKeys>>();

/**
 * The app's RSA key pair for password transport, loaded once per app instance at the first
 * call that needs it. A failed load is tried again by the next call.
 */
export function loginKeys(app: FastifyInstance): Promise<LoginKeys> {
  let keys = loaded.get(app);
  if (!keys) {
    // A PEM given in one line may carry its newlines as \n.
    keys = loadLoginKeys(app.db, app.env.LOGIN_RSA_PRIVATE_KEY?.replace(/\\n/g, '\n'));
    loaded.set(app, keys);
    keys.catch(() => {
      if (loaded.get(app) === keys) loaded.delete(app);
    });
  }
  return keys;
}

/** Decrypts an RSA-OAEP password from a payload; anything else answers invalidRequest. */
export async function decryptPassword(app: FastifyInstance, encrypted: string): Promise<string> {
  return (await loginKeys(app)).decryptPassword(encrypted);
}
