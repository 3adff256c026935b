import { sign, verify, type KeyObject } from 'node:crypto';

/*
 * Signed references (DESIGN §6): the QR on a booking or voucher carries its reference signed
 * with the server's key (Ed25519), so a desk's scan proves the code was issued by the portal and
 * names what it was issued for; a forged or altered code fails the signature.
 */

export type ReferenceKind = 'booking' | 'voucher';

const PREFIXES: Record<ReferenceKind, string> = { booking: 'BK1', voucher: 'VC1' };
const REFERENCE = /^[A-Z0-9]{6,20}$/;

const signedText = (prefix: string, reference: string) =>
  Buffer.from(`${prefix}.${reference}`, 'utf8');

/** "BK1.<reference>.<signature>": what the QR shows. */
export function signReference(privateKey: KeyObject, kind: ReferenceKind, reference: string) {
  const prefix = PREFIXES[kind];
  const signature = sign(null, signedText(prefix, reference), privateKey).toString('base64url');
  return `${prefix}.${reference}.${signature}`;
}

/** The reference a scanned code carries, if it is a genuine one of `kind`; never throws. */
export function readSignedReference(
  publicKey: KeyObject,
  kind: ReferenceKind,
  code: unknown,
): string | undefined {
  if (typeof code !== 'string' || code.length > 200) return undefined;
  const [prefix, reference, signature, ...rest] = code.trim().split('.');
  if (rest.length > 0 || prefix !== PREFIXES[kind] || !reference || !signature) return undefined;
  if (!REFERENCE.test(reference) || !/^[A-Za-z0-9_-]{80,90}$/.test(signature)) return undefined;
  const ok = verify(
    null,
    signedText(prefix, reference),
    publicKey,
    Buffer.from(signature, 'base64url'),
  );
  return ok ? reference : undefined;
}
