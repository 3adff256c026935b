import { describe, expect, it } from 'vitest';
import { JweError, openCompactJwe } from '../jwe';
import { generateEncryptionKey } from '../keys';
import { encryptLikeSdk } from './helpers/sdk-like-jwe';

const key = await generateEncryptionKey();
const payload = { clientSessionId: 'abc', cardholderName: 'Zoë Ørsted', n: 1 };

const part = (jwe: string, index: number) => jwe.split('.')[index]!;
const replacePart = (jwe: string, index: number, value: string) => {
  const parts = jwe.split('.');
  parts[index] = value;
  return parts.join('.');
};
const flipFirstByte = (b64: string) => {
  const bytes = Buffer.from(b64, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString('base64url');
};

describe('openCompactJwe', () => {
  it('opens what the SDK seals, decoding the plaintext as Latin-1', () => {
    const jwe = encryptLikeSdk(payload, key);
    expect(JSON.parse(Buffer.from(part(jwe, 0), 'base64url').toString())).toEqual({
      alg: 'RSA-OAEP',
      enc: 'A256CBC-HS512',
      kid: key.keyId,
    });
    expect(JSON.parse(openCompactJwe(jwe, key))).toEqual(payload);
  });

  it.each([
    ['the header', 0],
    ['the IV', 2],
    ['the ciphertext', 3],
    ['the tag', 4],
  ])('refuses a JWE whose %s was changed', (_what, index) => {
    const jwe = encryptLikeSdk(payload, key);
    const changed =
      index === 0
        ? replacePart(
            jwe,
            0,
            Buffer.from(
              JSON.stringify({ alg: 'RSA-OAEP', enc: 'A256CBC-HS512', kid: key.keyId, x: 1 }),
            ).toString('base64url'),
          )
        : replacePart(jwe, index, flipFirstByte(part(jwe, index)));
    expect(() => openCompactJwe(changed, key)).toThrow(new JweError('authentication tag mismatch'));
  });

  it('refuses a JWE for another key', async () => {
    const other = await generateEncryptionKey();
    expect(() => openCompactJwe(encryptLikeSdk(payload, other), key)).toThrow('unknown key id');
    const sameKid = encryptLikeSdk(payload, { ...other, keyId: key.keyId });
    expect(() => openCompactJwe(sameKid, key)).toThrow('the content key does not decrypt');
  });

  it('refuses other algorithms and malformed input', () => {
    const jwe = encryptLikeSdk(payload, key);
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString('base64url');
    expect(() =>
      openCompactJwe(
        replacePart(jwe, 0, header({ alg: 'RSA-OAEP-256', enc: 'A256CBC-HS512' })),
        key,
      ),
    ).toThrow('unsupported alg/enc');
    expect(() => openCompactJwe(replacePart(jwe, 0, 'not json'), key)).toThrow(JweError);
    expect(() => openCompactJwe(replacePart(jwe, 2, 'AAAA'), key)).toThrow('iv is not 16 bytes');
    expect(() => openCompactJwe(replacePart(jwe, 4, ''), key)).toThrow(
      'authentication tag mismatch',
    );
    expect(() => openCompactJwe('a.b.c', key)).toThrow('not a compact JWE');
    expect(() => openCompactJwe(replacePart(jwe, 3, 'a+b/'), key)).toThrow(
      'ciphertext is not base64url',
    );
  });
});
