/**
 * What the component tests use for the browser's password encryption (its own test,
 * encrypt-password.test.ts, decrypts the real thing): base64 as the real ciphertext is, so
 * payloads pass the contract, and readable back with `fakeEncrypted`.
 *
 *   vi.mock('@/shared/crypto/encrypt-password', () => import('@/testing/fake-encryption'));
 */
export const fakeEncrypted = (plain: string): string =>
  Buffer.from(`encrypted:${plain}`, 'utf8').toString('base64');

export const encryptPassword = (plain: string): Promise<string> =>
  Promise.resolve(fakeEncrypted(plain));
