import { constants, createPublicKey, publicEncrypt } from 'node:crypto';

/** The browser's password encryption with the server's public key (SPKI DER, base64). */
export function encrypterOf(publicKey: string): (password: string) => string {
  const key = createPublicKey({
    key: Buffer.from(publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return (password) =>
    publicEncrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password, 'utf8'),
    ).toString('base64');
}
