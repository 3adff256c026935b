import { z } from 'zod';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';
import { membershipNumberSchema } from '../rules/membership-number';

/** An RSA-OAEP 2048-bit ciphertext is 256 bytes: 344 base64 characters; some room for more. */
export const ENCRYPTED_PASSWORD_MAX = 700;

export const encryptedPasswordSchema = z
  .string()
  .min(1)
  .max(ENCRYPTED_PASSWORD_MAX)
  .regex(/^[A-Za-z0-9+/=\s]+$/);

export const userInfoSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  initials: z.string(),
  email: z.string(),
  mobileNo: z.string(),
  mobileNoPrefix: z.string(),
  countryCode: z.string(),
  channel: z.string(),
  lang: z.string(),
});

export const encryptPublicKey = defineCall({
  path: '/login/encryptPublicKey',
  auth: 'public',
  summary:
    "The server's RSA public key (SPKI DER, base64). Passwords travel encrypted with it, RSA-OAEP SHA-256, base64.",
  payload: z.object({}).strict().optional().default({}),
  result: z.object({ publicKey: z.string() }),
  errors: [],
  successState: '11',
});

export const genToken = defineCall({
  path: '/login/gen-token',
  auth: 'public',
  summary:
    'Logs in with email and encrypted password, and the membership number when asked (loginWithNum).',
  payload: z
    .object({
      email: emailSchema,
      password: encryptedPasswordSchema,
      dpid: membershipNumberSchema.optional(),
    })
    .strict(),
  result: z.object({
    token: z.string(),
    tokenExpirySeconds: z.number().int(),
    isFirstLogin: z.boolean(),
    userInfo: userInfoSchema,
  }),
  errors: [
    'loginIncorrect',
    'loginLocked',
    'loginNotRecognised',
    'loginNumberMismatch',
    'membershipSuspended',
  ],
});

export const logoutByToken = defineCall({
  path: '/login/logout-by-token',
  auth: 'member',
  summary: "Revokes the request's token.",
  payload: z.object({}).strict().optional().default({}),
  result: z.object({ loggedOut: z.literal(true) }),
  errors: [],
});
