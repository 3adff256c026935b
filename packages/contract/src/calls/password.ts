import { z } from 'zod';
import { defineCall } from '../define';
import {
  codeCheckSchema,
  codeSentSchema,
  codeTargetSchema,
  sendTypeSchema,
} from '../schemas/code-target';
import { encryptedPasswordSchema } from './login';

/** Forgotten password, step 1: a code to the member's email or mobile. */
export const sendForgetPwd = defineCall({
  path: '/user/send-forget-pwd-new/v2',
  auth: 'public',
  ipLimit: 'code',
  summary:
    'Sends a one-time code for a forgotten password by SMS or email. Answers the same whether ' +
    'or not an account has the address or number.',
  payload: codeTargetSchema,
  result: codeSentSchema,
  errors: ['codeBusy'],
});

/** Step 2: the code buys a single-use reset token, the uuid of /create-psw/{type}/{uuid}. */
export const verifyForgetPwdCode = defineCall({
  path: '/user/verify-captcha-by-forget-pwd',
  auth: 'public',
  ipLimit: 'code',
  summary: 'Checks the forgotten-password code; answers a single-use reset token (uuid).',
  payload: codeCheckSchema,
  result: z.object({ uuid: z.uuid(), sendType: sendTypeSchema }),
  errors: ['codeNotRecognised', 'codeExpired', 'codeLocked'],
});

const resetTokenPayload = z.object({ uuid: z.uuid() }).strict();

/** Step 3: the create-password page checks its token before asking for a password. */
export const checkResetToken = defineCall({
  path: '/user/pwd/reset/check/token',
  auth: 'public',
  ipLimit: 'code',
  summary: 'Whether a reset token can still be used (expired or used: Link Expired).',
  payload: resetTokenPayload,
  result: z.object({ valid: z.literal(true) }),
  errors: ['linkExpired', 'notFound'],
});

const resetPasswordPayload = z
  .object({ uuid: z.uuid(), password: encryptedPasswordSchema })
  .strict();
const resetPasswordResult = z.object({ reset: z.literal(true) });
const resetPasswordErrors = ['linkExpired', 'notFound', 'passwordSameAsOld'] as const;
const resetPasswordSummary =
  'Sets a new password (RSA-OAEP encrypted) with a reset token, uses the token up and ends ' +
  'every session of the member. The password must meet the five rules and differ from the old.';

/** Step 4: the new password. */
export const resetPwd = defineCall({
  path: '/user/reset-pwd',
  auth: 'public',
  summary: resetPasswordSummary,
  payload: resetPasswordPayload,
  result: resetPasswordResult,
  errors: resetPasswordErrors,
});

/** The same as /user/reset-pwd, under the name the spec also lists. */
export const pwdReset = defineCall({
  path: '/user/pwd/reset',
  auth: 'public',
  summary: resetPasswordSummary,
  payload: resetPasswordPayload,
  result: resetPasswordResult,
  errors: resetPasswordErrors,
});

const changePasswordPayload = z
  .object({ currentPwd: encryptedPasswordSchema, newPwd: encryptedPasswordSchema })
  .strict();
const changePasswordResult = z.object({ updated: z.literal(true) });
const changePasswordErrors = ['loginIncorrect', 'loginLocked', 'passwordSameAsOld'] as const;
const changePasswordSummary =
  "Changes the logged-in member's password: current and new, both RSA-OAEP encrypted. Wrong " +
  'current passwords count towards the login lock. Other sessions of the member end.';

/** A logged-in member changes the password (/account/password). */
export const changePwd = defineCall({
  path: '/account/change-pwd',
  auth: 'member',
  summary: changePasswordSummary,
  payload: changePasswordPayload,
  result: changePasswordResult,
  errors: changePasswordErrors,
});

/** The same as /account/change-pwd, under the login section's name. */
export const updatePwd = defineCall({
  path: '/login/update-pwd',
  auth: 'member',
  summary: changePasswordSummary,
  payload: changePasswordPayload,
  result: changePasswordResult,
  errors: changePasswordErrors,
});
