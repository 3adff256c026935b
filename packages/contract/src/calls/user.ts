import { z } from 'zod';
import { defineCall } from '../define';
import { emailSchema } from '../rules/email';

export const emailValidateStatus = defineCall({
  path: '/user/email-validate-status',
  auth: 'member',
  summary: "Whether the member's email is verified.",
  payload: z.object({}).strict().optional().default({}),
  result: z.object({ emailIsCheck: z.boolean() }),
  errors: [],
});

export const sendValidateEmail = defineCall({
  path: '/user/send-validate-email',
  auth: 'member',
  ipLimit: 'code',
  summary: 'Emails the member a link that verifies the address (throttled like codes).',
  payload: z.object({}).strict().optional().default({}),
  result: z.object({ sent: z.boolean(), email: z.string() }),
  errors: ['codeBusy'],
});

export const validateEmail = defineCall({
  path: '/user/validate/email',
  auth: 'public',
  summary:
    'Confirms an email address from the link it was sent (/regist/result/{uuid}); a link sent ' +
    'to a new address asked for with bind-email makes it the email (30034 if another account ' +
    'has taken it since).',
  payload: z.object({ uuid: z.uuid() }).strict(),
  result: z.object({ email: z.string() }),
  errors: ['linkExpired', 'notFound', 'emailRegistered'],
});

/** Whether the member's account details are verified (email), for the membership pages. */
export const accountValidateStatus = defineCall({
  path: '/user/account-validate-status',
  auth: 'member',
  summary: "The member's account state: email verified or not, and memberships held.",
  payload: z.object({}).strict().optional().default({}),
  result: z.object({
    emailIsCheck: z.boolean(),
    email: z.string(),
    memberships: z.number().int(),
  }),
  errors: [],
});

/**
 * A member whose email is not verified yet may correct it: the new address is sent a link and
 * replaces the old one only once the link is opened.
 */
export const bindEmail = defineCall({
  path: '/user/bind-email',
  auth: 'member',
  summary:
    "Asks to replace the member's unverified email with another: the new address is sent the " +
    'verification link and becomes the email only when it is opened (until then the old one ' +
    'stays, for login too). Answers alike whether or not the address is registered (its owner ' +
    'is told by email). At most 5 requests in 15 minutes per member (30031). A verified email ' +
    'is changed from the profile instead, with a code.',
  payload: z.object({ email: emailSchema }).strict(),
  result: z.object({ sent: z.literal(true), email: z.string() }),
  errors: ['codeBusy'],
});
