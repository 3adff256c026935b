import { z } from 'zod';
import { CONTACT_MESSAGE_MAX } from '../constants';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';
import { messageKey } from '../rules/message-key';
import { mobileFields, refineMobile } from '../rules/mobile';
import { nameSchema } from '../rules/names';
import { requiredString } from '../rules/required';
import { codeCheckSchema, codeSentSchema, sendTypeSchema } from '../schemas/code-target';
import { issuerSchema } from '../issuer-schema';
import { encryptedPasswordSchema } from './login';

const noPayload = z.object({}).strict().optional().default({});
const areaCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .optional();

/** The member's profile as the account pages show and edit it. */
export const myDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailIsCheck: z.boolean(),
  mobileNoPrefix: z.string(),
  mobileNo: z.string(),
  mobileAreaCode: z.string(),
  /** The member's registered membership numbers, first registered first. */
  membershipNumbers: z.array(z.string()),
});
export type MyDetails = z.infer<typeof myDetailsSchema>;

export const myDetails = defineCall({
  path: '/account/my-details',
  auth: 'member',
  summary: "The logged-in member's names, email (and whether it is verified), mobile and numbers.",
  payload: noPayload,
  result: myDetailsSchema,
  errors: [],
});

export const saveMyDetails = defineCall({
  path: '/account/my-details/save',
  auth: 'member',
  summary:
    'Saves names (trimmed, max 50), email and mobile. A new email or mobile must first have been ' +
    'confirmed with check-verification-code in the last 30 minutes (30050 otherwise).',
  payload: z
    .object({
      firstName: nameSchema,
      lastName: nameSchema,
      email: emailSchema,
      ...mobileFields,
      mobileAreaCode: areaCodeSchema,
    })
    .strict()
    .superRefine(refineMobile),
  result: myDetailsSchema,
  errors: ['verificationRequired', 'emailRegistered', 'mobileRegistered'],
});

export const verifyNewEmail = defineCall({
  path: '/account/verify-email',
  auth: 'member',
  ipLimit: 'code',
  summary:
    'Sends a 6-digit code to a new email address for the member (throttled like every code: ' +
    '30031 with result.time).',
  payload: z.object({ email: emailSchema }).strict(),
  result: codeSentSchema,
  errors: ['emailRegistered', 'codeBusy'],
});

export const verifyNewMobile = defineCall({
  path: '/account/verify-mobile',
  auth: 'member',
  ipLimit: 'code',
  summary: 'Sends a 6-digit code by SMS to a new mobile number for the member (throttled).',
  payload: z
    .object({ ...mobileFields, mobileAreaCode: areaCodeSchema })
    .strict()
    .superRefine(refineMobile),
  result: codeSentSchema,
  errors: ['mobileRegistered', 'codeBusy'],
});

export const checkAccountCode = defineCall({
  path: '/account/check-verification-code',
  auth: 'member',
  ipLimit: 'code',
  summary:
    'Checks the code sent to a new email or mobile; three wrong codes lock for 5 minutes ' +
    '(30005 with result.time). A checked target may then be saved for 30 minutes.',
  payload: codeCheckSchema,
  result: z.object({ verified: z.literal(true), sendType: sendTypeSchema }),
  errors: ['codeNotRecognised', 'codeExpired', 'codeLocked'],
});

export const contactMessageSchema = z
  .object({
    /** An id from /account/contact-us/email-us/subject. */
    subject: z.string().trim().min(1, messageKey('contact-error-subject')).max(40),
    message: requiredString().max(CONTACT_MESSAGE_MAX, messageKey('contact-error-message-max')),
    email: emailSchema,
    mobileNoPrefix: z.string().max(8).optional(),
    mobileNo: z.string().max(20).optional(),
    firstName: nameSchema,
    lastName: nameSchema,
    membershipNumber: z
      .string()
      .trim()
      .max(19)
      .regex(/^[\d\s]*$/, messageKey('form-digits-only'))
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    // The mobile is optional, but when given it must be a real number.
    if (value.mobileNo?.trim()) {
      refineMobile({ mobileNoPrefix: value.mobileNoPrefix ?? '', mobileNo: value.mobileNo }, ctx);
    }
  });

export const emailUs = defineCall({
  path: '/account/contact-us/email-us',
  auth: 'member',
  summary:
    'Sends a message to the support mailbox (through the outbox) and an acknowledgement to the ' +
    "member's account email; replies come in 2-3 working days. At most 5 an hour (30031).",
  payload: contactMessageSchema,
  result: z.object({ sent: z.literal(true), replyWorkingDays: z.string() }),
  errors: ['codeBusy'],
});

export const callUs = defineCall({
  path: '/account/contact-us/call-us',
  auth: 'public',
  summary: "The support phone line of the caller's channel and its opening hours.",
  payload: z.object({ channel: issuerSchema.optional() }).strict().optional().default({}),
  result: z.object({ phoneNumber: z.string(), hours: z.string() }),
  errors: [],
});

export const clearPopup = defineCall({
  path: '/account/clear/popup',
  auth: 'member',
  summary: 'Marks the first-login "Add a payment card" prompt as seen (isFirstLogin false).',
  payload: noPayload,
  result: z.object({ cleared: z.literal(true) }),
  errors: [],
});

export const deleteAccount = defineCall({
  path: '/account/delete-account',
  auth: 'member',
  summary:
    'Deletes the account after the password (RSA-OAEP encrypted) is given again: ends every ' +
    'session, removes the personal data, anonymises bookings and frees the membership numbers. ' +
    'Wrong passwords count towards the login lock.',
  payload: z.object({ password: encryptedPasswordSchema }).strict(),
  result: z.object({ deleted: z.literal(true) }),
  errors: ['loginIncorrect', 'loginLocked'],
});
