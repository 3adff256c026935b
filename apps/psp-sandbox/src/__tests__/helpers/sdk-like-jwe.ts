import {
  constants,
  createCipheriv,
  createHmac,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

/**
 * Encrypts customer input exactly as connect-sdk-client-js 6 does (Encryptor + JOSEEncryptor):
 * RSA-OAEP/SHA-1 key wrap of a 64-byte key, A256CBC-HS512, plaintext as Latin-1 bytes.
 */
export function encryptLikeSdk(
  payload: unknown,
  publicKey: { keyId: string; publicKey: string },
): string {
  const header = Buffer.from(
    JSON.stringify({ alg: 'RSA-OAEP', enc: 'A256CBC-HS512', kid: publicKey.keyId }),
  ).toString('base64url');
  const contentKey = randomBytes(64);
  const key = createPublicKey({
    key: Buffer.from(publicKey.publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  const wrapped = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    contentKey,
  );
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', contentKey.subarray(32), iv);
  const ciphertext = Buffer.concat([
    cipher.update(Buffer.from(JSON.stringify(payload), 'latin1')),
    cipher.final(),
  ]);
  const aad = Buffer.from(header, 'ascii');
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac('sha512', contentKey.subarray(0, 32))
    .update(Buffer.concat([aad, iv, ciphertext, aadBits]))
    .digest()
    .subarray(0, 32);
  return [header, wrapped, iv, ciphertext, tag]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export interface CardInput {
  cardNumber?: string;
  expiryDate?: string;
  cvv?: string;
  cardholderName?: string;
}

/** The plaintext the SDK builds from a PaymentRequest (unmasked values). */
export function sdkPayload(
  clientSessionId: string,
  paymentProductId: number,
  values: CardInput,
  nonce = randomBytes(16).toString('hex'),
) {
  return {
    clientSessionId,
    nonce,
    tokenize: false,
    collectedDeviceInformation: {
      timezoneOffsetUtcMinutes: 0,
      locale: 'en-GB',
      browserData: {
        javaScriptEnabled: true,
        javaEnabled: false,
        colorDepth: 24,
        screenHeight: 1080,
        screenWidth: 1920,
        innerHeight: 900,
        innerWidth: 1600,
      },
    },
    paymentProductId,
    paymentValues: Object.entries(values)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => ({ key, value })),
  };
}
