import { z } from 'zod';
import { ISSUERS } from '../issuers';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';
import { membershipNumberSchema } from '../rules/membership-number';
import { codeCheckSchema, codeSentSchema, codeTargetSchema } from '../schemas/code-target';

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

/** What a successful login answers, by password or by one-time code. */
export const loginResultSchema = z.object({
  token: z.string(),
  tokenExpirySeconds: z.number().int(),
  isFirstLogin: z.boolean(),
  userInfo: userInfoSchema,
  /**
   * The issuer of the member's membership in use (null without one): on the portal's plain
   * address the brand becomes theirs after login; an issuer's own address keeps its brand.
   */
  issuer: z.enum(ISSUERS).nullable(),
});

export const genToken = defineCall({
  path: '/login/gen-token',
  auth: 'public',
  ipLimit: 'login',
  summary:
    'Logs in with email and encrypted password, and the membership number when asked ' +
    '(loginWithNum): one the account owns, or one associated with it, which is then registered to it.',
  payload: z
    .object({
      email: emailSchema,
      password: encryptedPasswordSchema,
      dpid: membershipNumberSchema.optional(),
    })
    .strict(),
  result: loginResultSchema,
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

export const sendLoginCode = defineCall({
  path: '/login/send-random-code',
  auth: 'public',
  ipLimit: 'code',
  summary:
    "Sends a one-time login code by SMS or email to a member's registered mobile or address. " +
    'Answers the same whether or not an account has it, so accounts cannot be discovered.',
  payload: codeTargetSchema,
  result: codeSentSchema,
  errors: ['codeBusy'],
});

export const checkLoginCode = defineCall({
  path: '/login/check-verifi-code',
  auth: 'public',
  ipLimit: 'login',
  summary: 'Logs in with the one-time code sent by /login/send-random-code.',
  payload: codeCheckSchema,
  result: loginResultSchema,
  errors: ['codeNotRecognised', 'codeExpired', 'codeLocked', 'membershipSuspended'],
});
