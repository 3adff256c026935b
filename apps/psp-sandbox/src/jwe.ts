import {
  constants,
  createDecipheriv,
  createHmac,
  privateDecrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/**
 * Opens the compact JWE the provider's client SDK produces: RSA-OAEP (SHA-1) wraps a 64-byte
 * content key for A256CBC-HS512 (RFC 7518 §5.2.5). node:crypto only.
 */

export class JweError extends Error {}

export interface JweKey {
  keyId: string;
  privateKey: KeyObject;
}

export interface JweHeader {
  alg: string;
  enc: string;
  kid?: string;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function decodePart(part: string, name: string): Buffer {
  if (!BASE64URL.test(part)) throw new JweError(`${name} is not base64url`);
  return Buffer.from(part, 'base64url');
}

function readHeader(part: string): JweHeader {
  let header: unknown;
  try {
    header = JSON.parse(decodePart(part, 'header').toString('utf8'));
  } catch (err) {
    if (err instanceof JweError) throw err;
    throw new JweError('header is not JSON');
  }
  if (typeof header !== 'object' || header === null) throw new JweError('header is not an object');
  const { alg, enc, kid } = header as Record<string, unknown>;
  if (typeof alg !== 'string' || typeof enc !== 'string')
    throw new JweError('header lacks alg/enc');
  return { alg, enc, ...(typeof kid === 'string' ? { kid } : {}) };
}

/** The plaintext, decoded as Latin-1 because that is how the SDK encodes it. */
export function openCompactJwe(compact: string, key: JweKey): string {
  const parts = compact.split('.');
  if (parts.length !== 5) throw new JweError('not a compact JWE');
  const [headerPart, keyPart, ivPart, cipherPart, tagPart] = parts as [
    string,
    string,
    string,
    string,
    string,
  ];

  const header = readHeader(headerPart);
  if (header.alg !== 'RSA-OAEP' || header.enc !== 'A256CBC-HS512') {
    throw new JweError(`unsupported alg/enc ${header.alg}/${header.enc}`);
  }
  if (header.kid !== undefined && header.kid !== key.keyId) throw new JweError('unknown key id');

  let contentKey: Buffer;
  try {
    contentKey = privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      decodePart(keyPart, 'encrypted key'),
    );
  } catch (err) {
    if (err instanceof JweError) throw err;
    throw new JweError('the content key does not decrypt');
  }
  if (contentKey.length !== 64) throw new JweError('content key is not 64 bytes');

  const iv = decodePart(ivPart, 'iv');
  const ciphertext = decodePart(cipherPart, 'ciphertext');
  const tag = decodePart(tagPart, 'tag');
  if (iv.length !== 16) throw new JweError('iv is not 16 bytes');

  const aad = Buffer.from(headerPart, 'ascii');
  const aadBits = Buffer.alloc(8);
  aadBits.writeBigUInt64BE(BigInt(aad.length * 8));
  const expected = createHmac('sha512', contentKey.subarray(0, 32))
    .update(Buffer.concat([aad, iv, ciphertext, aadBits]))
    .digest()
    .subarray(0, 32);
  if (tag.length !== expected.length || !timingSafeEqual(tag, expected)) {
    throw new JweError('authentication tag mismatch');
  }

  try {
    const decipher = createDecipheriv('aes-256-cbc', contentKey.subarray(32), iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('latin1');
  } catch {
    throw new JweError('ciphertext does not decrypt');
  }
}
