import { z } from 'zod';
import { normaliseIssuer } from './issuers';

/** An issuer in a payload: any known spelling, normalised (ubni -> ulster). */
export const issuerSchema = z.string().transform((v, ctx) => {
  const issuer = normaliseIssuer(v);
  if (!issuer) {
    ctx.addIssue({ code: 'custom', message: 'Unknown channel.' });
    return z.NEVER;
  }
  return issuer;
});
