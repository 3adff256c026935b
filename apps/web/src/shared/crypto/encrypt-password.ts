import { callDescriptors } from 'virtual:call-descriptors/login';
import { callApi } from '../api/api-client';

let publicKey: Promise<CryptoKey> | undefined;

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The server's public key (/login/encryptPublicKey, SPKI base64), fetched once per page load. */
function serverKey(): Promise<CryptoKey> {
  if (!publicKey) {
    publicKey = callApi(callDescriptors.encryptPublicKey).then(({ publicKey: spki }) =>
      crypto.subtle.importKey(
        'spki',
        fromBase64(spki),
        { name: 'RSA-OAEP', hash: 'SHA-256' },
        false,
        ['encrypt'],
      ),
    );
    publicKey.catch(() => {
      publicKey = undefined; // a failed fetch is tried again next time
    });
  }
  return publicKey;
}

/**
 * A password as it travels (spec section 7): RSA-OAEP SHA-256 with the server's public key,
 * base64. The clear password never leaves the browser.
 */
export async function encryptPassword(password: string): Promise<string> {
  const key = await serverKey();
  const cipher = await crypto.subtle.encrypt(
    { name: 'RSA-OAEP' },
    key,
    new TextEncoder().encode(password),
  );
  return toBase64(cipher);
}

/** Forgets the cached key (tests; or after the server's key changed). */
export function forgetServerKey(): void {
  publicKey = undefined;
}
