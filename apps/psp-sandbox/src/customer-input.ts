import { ProviderError } from './errors';
import { JweError, openCompactJwe, type JweKey } from './jwe';

/** What the SDK's encryptCustomerInput carries, once opened. */
export interface CustomerInput {
  clientSessionId: string;
  nonce: string;
  paymentProductId: number;
  values: Map<string, string>;
}

const unreadable = (why: string) =>
  ProviderError.of('invalidEncryptedInput', {
    propertyName: 'encryptedCustomerInput',
    message: `encryptedCustomerInput ${why}`,
  });

export function openCustomerInput(encrypted: string, key: JweKey): CustomerInput {
  let plaintext: string;
  try {
    plaintext = openCompactJwe(encrypted, key);
  } catch (err) {
    if (err instanceof JweError) throw unreadable(`cannot be decrypted: ${err.message}`);
    throw err;
  }

  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext);
  } catch {
    throw unreadable('is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw unreadable('is not an object');
  const { clientSessionId, nonce, paymentProductId, paymentValues } = parsed as Record<
    string,
    unknown
  >;
  if (typeof clientSessionId !== 'string' || clientSessionId === '') {
    throw unreadable('has no clientSessionId');
  }
  if (typeof nonce !== 'string' || !/^[0-9a-f]{16,64}$/i.test(nonce)) {
    throw unreadable('has no valid nonce');
  }
  if (typeof paymentProductId !== 'number' || !Number.isInteger(paymentProductId)) {
    throw unreadable('has no paymentProductId');
  }
  if (!Array.isArray(paymentValues)) throw unreadable('has no paymentValues');

  const values = new Map<string, string>();
  for (const entry of paymentValues as unknown[]) {
    if (typeof entry !== 'object' || entry === null) throw unreadable('has a bad payment value');
    const { key: name, value } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || typeof value !== 'string') {
      throw unreadable('has a bad payment value');
    }
    values.set(name, value);
  }
  return { clientSessionId, nonce: nonce.toLowerCase(), paymentProductId, values };
}
