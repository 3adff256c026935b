import type { FieldError } from '../../../shared/api/api-errors';
import { i18n } from '../../../shared/i18n/i18n';

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
  i18n.t(key, { ns: 'messages', defaultValue: key });

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

/** The server's field messages (already translated) on the form's fields, by payload path. */
export function serverFieldErrors<F extends string>(
  fields: FieldError[] | undefined,
  byPath: Record<string, F>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const { path, message } of fields ?? []) {
    const field = byPath[path.split('.')[0] ?? path];
    if (field && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

/** The first field with a message, in the form's order: where focus goes after a failed submit. */
export const firstInvalid = <F extends string>(
  errors: FieldErrors<F>,
  order: readonly F[],
): F | undefined => order.find((field) => errors[field] !== undefined);
