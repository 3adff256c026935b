import { z } from 'zod';
import { defineCall } from '../define';

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
