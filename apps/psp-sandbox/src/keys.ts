import { generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';

export interface EncryptionKey {
  keyId: string;
  /** base64 DER SubjectPublicKeyInfo, as the client API's crypto/publickey answers it. */
  publicKey: string;
  privateKey: KeyObject;
}

const generateRsaPair = promisify(generateKeyPair);

/**
 * A fresh RSA-2048 pair per boot: the SDK fetches the public key for every session anyway.
 * Generated off the main thread (a third of a second of work), so a start can do other things.
 */
export async function generateEncryptionKey(): Promise<EncryptionKey> {
  const { publicKey, privateKey } = await generateRsaPair('rsa', { modulusLength: 2048 });
  return {
    keyId: randomUUID(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
  };
}
