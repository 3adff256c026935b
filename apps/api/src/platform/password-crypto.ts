import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { settings } from '../db/schema';
import { CallError } from './call-error';

/** Where the generated key pair is kept. */
export const RSA_KEY_SETTING = 'login:rsa-key';

/** `Algorithm.Argon2id`: the package's enum is an ambient const enum, unusable with isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export interface LoginKeys {
  /** The public key as SPKI DER in base64: what WebCrypto `importKey('spki', …)` takes. */
  publicKeyBase64: string;
  /** Decrypts a base64 RSA-OAEP SHA-256 ciphertext; anything else answers invalidRequest. */
  decryptPassword(base64: string): string;
}

function keysOf(privateKey: KeyObject): LoginKeys {
  const publicKeyBase64 = createPublicKey(privateKey)
    .export({ type: 'spki', format: 'der' })
    .toString('base64');
  return {
    publicKeyBase64,
    decryptPassword(base64) {
      const compact = base64.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new CallError('invalidRequest');
      try {
        const clear = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(compact, 'base64'),
        ).toString('utf8');
        if (clear.length === 0) throw new CallError('invalidRequest');
        return clear;
      } catch {
        throw new CallError('invalidRequest');
      }
    },
  };
}

/**
 * The server's RSA key pair for password transport. Given by config (`LOGIN_RSA_PRIVATE_KEY`,
 * PKCS#8 or PKCS#1 PEM) it is used as is; otherwise it is generated at first boot and kept in
 * `settings`, so every process on the database uses the same one. Production should give it by
 * config (a secrets store), rather than keep a private key in the database.
 */
export async function loadLoginKeys(db: Tx, configuredPem?: string): Promise<LoginKeys> {
  if (configuredPem) return keysOf(createPrivateKey(configuredPem));
  const stored = async () => {
    const [row] = await db.select().from(settings).where(eq(settings.key, RSA_KEY_SETTING));
    const value = row?.value as { privateKeyPem?: unknown } | undefined;
    return typeof value?.privateKeyPem === 'string' ? value.privateKeyPem : undefined;
  };
  let pem = await stored();
  if (!pem) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const generated = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // Two processes booting at once: the first insert wins and both read it back.
    await db
      .insert(settings)
      .values({ key: RSA_KEY_SETTING, value: { privateKeyPem: generated } })
      .onConflictDoNothing();
    pem = await stored();
    if (!pem) throw new Error('login RSA key was not stored');
  }
  return keysOf(createPrivateKey(pem));
}

/** Stored passwords are argon2id only. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
