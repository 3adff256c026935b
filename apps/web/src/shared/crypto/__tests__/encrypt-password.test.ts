import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, failure, mockApi } from '@/testing/mock-api';
import { encryptPassword, forgetServerKey } from '../encrypt-password';

/*
 * The one place the browser turns a password into what travels: the other tests replace it
 * (testing/fake-encryption.ts), so this one decrypts the real thing with the private key, as
 * the server does (RSA-OAEP, SHA-256).
 */
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const spki = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const decrypt = (cipher: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  ).toString('utf8');

afterEach(() => forgetServerKey());

describe('encryptPassword', () => {
  it("encrypts with the server's key so that its private key, and only it, gives the password back", async () => {
    mockApi({ '/login/encryptPublicKey': () => envelope({ publicKey: spki }, '11') });
    const cipher = await encryptPassword('Pässwörd-2026 £€');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipher).not.toContain('2026');
    expect(decrypt(cipher)).toBe('Pässwörd-2026 £€');
    // OAEP is randomised: the same password never travels the same way twice.
    expect(await encryptPassword('Pässwörd-2026 £€')).not.toBe(cipher);

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect(() =>
      privateDecrypt(
        { key: other, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(cipher, 'base64'),
      ),
    ).toThrow();
  });

  it('fetches the key once per page load, and again after a failed fetch', async () => {
    let answer = () => failure('10000', 'down');
    const fetchMock = mockApi({ '/login/encryptPublicKey': () => answer() });
    await expect(encryptPassword('First-Try-1')).rejects.toThrow();

    answer = () => envelope({ publicKey: spki }, '11');
    expect(decrypt(await encryptPassword('Second-Try-2'))).toBe('Second-Try-2');
    expect(decrypt(await encryptPassword('Third-Try-3'))).toBe('Third-Try-3');
    expect(
      fetchMock.mock.calls.filter(([url]) => url === '/client-api/login/encryptPublicKey'),
    ).toHaveLength(2);
  });
});
