import type { MessageKey } from '@portal/contract';
import type { FieldError } from '../api/api-errors';
import { i18n } from '../i18n/i18n';
import { MESSAGES_NS } from '../i18n/messages';

/** A form's messages, in words, by field. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The shape of a contract schema's safeParse, so this file needs no schema library. */
interface Schema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** A rule's message key (spec section 5) in words. */
export const messageText = (key: string): string =>
  i18n.t(key, { ns: MESSAGES_NS, defaultValue: key });

export type Validation<T, F extends string> =
  { ok: true; data: T } | { ok: false; errors: FieldErrors<F> };

/** Checks the values with a contract schema: its output, or each field's first message. */
export function validate<T, F extends string>(
  schema: Schema<T>,
  values: unknown,
  fields: readonly F[],
): Validation<T, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = fields.find((f) => f === issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = messageText(issue.message);
  }
  return { ok: false, errors };
}

/** One field's rule: the section 5 message key when the value breaks it. */
export type Rule = (value: string) => MessageKey | undefined;

/**
 * Checks each field with its own rule, for forms that need no schema library: the values, or
 * each field's message. A field without a rule is always fine.
 */
export function checkRules<F extends string>(
  values: Record<F, string>,
  rules: Partial<Record<F, Rule>>,
): Validation<Record<F, string>, F> {
  const errors: FieldErrors<F> = {};
  for (const [field, rule] of Object.entries(rules) as [F, Rule | undefined][]) {
    const key = rule?.(values[field]);
    if (key) errors[field] = messageText(key);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: values };
}

/**
 * The server's field messages (already translated) on the form's fields, by payload path;
 * a path named like a field needs no entry in `byPath`.
 */
export function serverFieldErrors<F extends string>(
  fields: FieldError[] | undefined,
  formFields: readonly F[],
  byPath: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { path, message } of fields ?? []) {
    const top = path.split('.')[0] ?? path;
    const field = byPath[top] ?? formFields.find((f) => f === top);
    if (field && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** The first field with a message, in the form's order: where focus goes after a failed submit. */
export const firstInvalid = <F extends string>(
  errors: FieldErrors<F>,
  order: readonly F[],
): F | undefined => order.find((field) => errors[field] !== undefined);
