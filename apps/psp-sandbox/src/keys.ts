import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';

export interface EncryptionKey {
  keyId: string;
  /** base64 DER SubjectPublicKeyInfo, as the client API's crypto/publickey answers it. */
  publicKey: string;
  privateKey: KeyObject;
}

/** A fresh RSA-2048 pair per boot: the SDK fetches the public key for every session anyway. */
export function generateEncryptionKey(): EncryptionKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    keyId: randomUUID(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateKey,
  };
}
