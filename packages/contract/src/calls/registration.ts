import { z } from 'zod';
import { defineCall } from '../define';
import { ISSUERS } from '../issuers';
import { emailSchema } from '../rules/email';
import { membershipNumberSchema } from '../rules/membership-number';
import { mobileFields, refineMobile } from '../rules/mobile';
import { nameSchema } from '../rules/names';
import { verificationCodeSchema } from '../rules/verification-code';
import { codeSentSchema, sendTypeSchema } from '../schemas/code-target';
import { encryptedPasswordSchema, loginResultSchema } from './login';

/** The registration session: the uuid verify-card answers; it expires when left unused. */
const registrationSession = { uuid: z.uuid() };

/** Step 1: the membership number opens a registration session. */
export const verifyCard = defineCall({
  path: '/reg-activation/verify-card',
  auth: 'public',
  ipLimit: 'registration',
  summary:
    'Checks a 16-digit membership number and opens a registration session (uuid). Three wrong ' +
    'numbers in a row from one client lock it for 5 minutes (300090 with result.time); a number ' +
    'another client opened a session for in the last 30 s answers 300090 with the seconds left.',
  payload: z.object({ dpid: membershipNumberSchema }).strict(),
  result: z.object({ uuid: z.uuid() }),
  errors: [
    'numberInUse',
    'numberInUseRegistered',
    'associatedAccountRegistered',
    'numberNotRecognised',
    'membershipNotRecognised',
    'verifySessionLocked',
    'membershipSuspended',
  ],
});

/** Personal details of step 2, as check-user-info takes them. */
const detailsFields = {
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  ...mobileFields,
  mobileAreaCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
};

/** Step 2: the details must match the membership's holder, and be free to register. */
export const checkUserInfo = defineCall({
  path: '/reg-activation/check-user-info',
  auth: 'public',
  ipLimit: 'registration',
  summary:
    "Checks the member's details against the membership holder (names ignoring case and " +
    'surrounding spaces) and that the email and mobile are free; keeps them in the session.',
  payload: z
    .object({ ...detailsFields, ...registrationSession, sendType: sendTypeSchema.optional() })
    .strict()
    .superRefine(refineMobile),
  result: z.object({ firstName: z.string(), lastName: z.string() }),
  errors: [
    'detailsMismatch',
    'detailsMismatchAlt',
    'emailRegistered',
    'differentEmailForAdditional',
    'mobileRegistered',
    'sessionTimedOut',
  ],
});

/** Step 2, after Yes on the confirm-details modal: a code to the checked email or mobile. */
export const sendRegistrationCode = defineCall({
  path: '/reg-activation/send-random-code',
  auth: 'public',
  ipLimit: 'code',
  summary:
    'Sends the 6-digit code by SMS or email to the details checked for this session (throttled: ' +
    'the fourth request within 15 minutes waits 5 minutes, 30031 with result.time).',
  payload: z
    .object({
      ...registrationSession,
      sendType: sendTypeSchema,
      email: emailSchema.optional(),
      mobileNoPrefix: mobileFields.mobileNoPrefix.optional(),
      mobileNo: mobileFields.mobileNo.optional(),
    })
    .strict(),
  result: codeSentSchema,
  errors: ['codeBusy', 'sessionTimedOut'],
});

export const checkRegistrationCode = defineCall({
  path: '/reg-activation/check-verifi-code',
  auth: 'public',
  ipLimit: 'code',
  summary: 'Checks the registration code; three wrong codes lock for 5 minutes (30005, time).',
  payload: z.object({ ...registrationSession, verifiCode: verificationCodeSchema }).strict(),
  result: z.object({ verified: z.literal(true) }),
  errors: ['codeNotRecognised', 'codeExpired', 'codeLocked', 'sessionTimedOut'],
});

/** The membership card preview of the success step (spec section 3). */
export const membershipCardSchema = z.object({
  dpid: z.string(),
  cardHolder: z.string(),
  /** MM/YY */
  expiry: z.string(),
  /** The card artwork of the issuer (a URL of this server). */
  cardBg: z.string(),
  /** The bank that issued the membership: the card shows its brand, whatever the site's theme. */
  issuer: z.enum(ISSUERS),
});

/** Step 3: the password creates the account, registers the membership and logs in. */
export const createAndActive = defineCall({
  path: '/reg-activation/create-and-active',
  auth: 'public',
  ipLimit: 'registration',
  summary:
    'Creates the account with the RSA-OAEP encrypted password (five rules), registers the ' +
    'membership to it, logs the member in and ends the session. The code must have been checked.',
  payload: z.object({ ...registrationSession, password: encryptedPasswordSchema }).strict(),
  result: loginResultSchema.extend({ membership: membershipCardSchema }),
  errors: ['sessionTimedOut', 'codeExpired', 'numberInUse', 'emailRegistered', 'mobileRegistered'],
});
