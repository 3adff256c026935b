import { z } from 'zod';
import { EMAIL_MAX, PHONE_INPUT_MAX } from '../constants';
import { emailSchema } from '../rules/email';
import { messageKey } from '../rules/message-key';
import { refineMobile } from '../rules/mobile';
import { verificationCodeSchema } from '../rules/verification-code';

/** How a one-time code travels (spec section 3: sendType). */
export const SEND_TYPES = ['sms', 'email'] as const;
export type SendType = (typeof SEND_TYPES)[number];
export const sendTypeSchema = z.enum(SEND_TYPES);

/** The dial code field is short ("+44"); anything longer is refused before the rules run. */
const DIAL_CODE_INPUT_MAX = 8;

/**
 * Where a one-time code goes: the email address for `email`, the mobile number for `sms`.
 * The field the send type needs is required and checked by the rules of section 5; the other
 * may be left out.
 */
export const codeTargetFields = {
  sendType: sendTypeSchema,
  email: z
    .string()
    .max(EMAIL_MAX + 20)
    .optional(),
  mobileNoPrefix: z.string().max(DIAL_CODE_INPUT_MAX).optional(),
  mobileNo: z.string().max(PHONE_INPUT_MAX, messageKey('mobile-error-invalid')).optional(),
};

type CodeTargetInput = {
  sendType: SendType;
  email?: string | undefined;
  mobileNoPrefix?: string | undefined;
  mobileNo?: string | undefined;
};

/** Adds the section 5 messages for the field the send type needs. */
export function refineCodeTarget(value: CodeTargetInput, ctx: z.RefinementCtx): void {
  if (value.sendType === 'email') {
    const result = emailSchema.safeParse(value.email ?? '');
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['email'] });
    }
    return;
  }
  const required = messageKey('form-required');
  if (!value.mobileNoPrefix?.trim()) {
    ctx.addIssue({ code: 'custom', message: required, path: ['mobileNoPrefix'] });
  }
  if (!value.mobileNo?.trim()) {
    ctx.addIssue({ code: 'custom', message: required, path: ['mobileNo'] });
  }
  if (value.mobileNoPrefix && value.mobileNo) {
    refineMobile({ mobileNoPrefix: value.mobileNoPrefix, mobileNo: value.mobileNo }, ctx);
  }
}

/** `{ sendType, email? , mobileNoPrefix?, mobileNo? }`, checked for the chosen send type. */
export const codeTargetSchema = z.object(codeTargetFields).strict().superRefine(refineCodeTarget);

/** The code target with the 6-digit code the member received. */
export const codeCheckSchema = z
  .object({ ...codeTargetFields, verifiCode: verificationCodeSchema })
  .strict()
  .superRefine(refineCodeTarget);

/** What a send answers: where the code went, partly hidden (e.g. "a•••@example.com"). */
export const codeSentSchema = z.object({
  sent: z.literal(true),
  sendType: sendTypeSchema,
  to: z.string(),
});
