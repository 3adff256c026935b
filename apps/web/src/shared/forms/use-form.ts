import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldError } from '../api/api-errors';
import { firstInvalid, serverFieldErrors, type FieldErrors, type Validation } from './field-errors';

/** What a field component needs from the form: spread it on TextField or PasswordField. */
export interface FieldBinding {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref: (element: HTMLElement | null) => void;
}

/**
 * A small form: values, the rules' messages (shown from the first submit, then following what is
 * typed) and the server's messages (kept on a field until it changes). A failed submit focuses
 * the first field with a message, once that message is on the page.
 */
export function useForm<F extends string, T>(
  fields: readonly F[],
  initial: Record<F, string> | (() => Record<F, string>),
  check: (values: Record<F, string>) => Validation<T, F>,
) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const focusNext = useRef<F | undefined>(undefined);

  useEffect(() => {
    if (focusNext.current === undefined) return;
    elements.current[focusNext.current]?.focus();
    focusNext.current = undefined;
  });

  const result = checked ? check(values) : undefined;
  const ruleErrors: FieldErrors<F> = result && !result.ok ? result.errors : {};
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = serverErrors[field] ?? ruleErrors[field];
    if (message !== undefined) errors[field] = message;
  }

  const setValue = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field] !== undefined) {
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    }
  };

  /** The checked values, or undefined after showing what is wrong. */
  const submit = (): T | undefined => {
    setChecked(true);
    setServerErrors({});
    const outcome = check(values);
    if (outcome.ok) return outcome.data;
    focusNext.current = firstInvalid(outcome.errors, fields);
    return undefined;
  };

  const showServerErrors = (messages: FieldErrors<F>) => {
    setServerErrors(messages);
    focusNext.current = firstInvalid(messages, fields);
  };

  /** An invalidRequest's fields on the form's fields; byPath for payload paths named otherwise. */
  const showFieldErrors = (
    apiFields: FieldError[] | undefined,
    byPath?: Partial<Record<string, F>>,
  ) => showServerErrors(serverFieldErrors(apiFields, fields, byPath));

  const focus = useCallback((field: F) => elements.current[field]?.focus(), []);

  /** Back to the initial values, with no messages shown until the next submit. */
  const reset = () => {
    setValues(initial);
    setChecked(false);
    setServerErrors({});
  };

  const field = (name: F): FieldBinding => ({
    value: values[name],
    onChange: (value) => setValue(name, value),
    error: errors[name],
    ref: (element) => {
      elements.current[name] = element;
    },
  });

  return {
    values,
    errors,
    setValue,
    submit,
    reset,
    showServerErrors,
    showFieldErrors,
    focus,
    field,
  };
}
