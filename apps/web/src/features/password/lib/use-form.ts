import { useEffect, useRef, useState } from 'react';
import { firstInvalid, type FieldErrors, type Validation } from './field-errors';

/**
 * A small form: values, the rules' messages (checked on submit, then again on every change) and
 * the server's messages (kept on a field until it changes). A failed submit focuses the first
 * field with a message, once that message is on the page.
 */
export function useForm<F extends string, T>(
  fields: readonly F[],
  initial: Record<F, string>,
  check: (values: Record<F, string>) => Validation<T, F>,
) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [ruleErrors, setRuleErrors] = useState<FieldErrors<F>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const focusNext = useRef<F | undefined>(undefined);

  useEffect(() => {
    if (focusNext.current === undefined) return;
    elements.current[focusNext.current]?.focus();
    focusNext.current = undefined;
  });

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (serverErrors[field] !== undefined) {
      setServerErrors((current) => ({ ...current, [field]: undefined }));
    }
    if (checked) {
      const result = check(next);
      setRuleErrors(result.ok ? {} : result.errors);
    }
  };

  /** The checked values, or undefined after showing what is wrong. */
  const submit = (): T | undefined => {
    setChecked(true);
    setServerErrors({});
    const result = check(values);
    setRuleErrors(result.ok ? {} : result.errors);
    if (result.ok) return result.data;
    focusNext.current = firstInvalid(result.errors, fields);
    return undefined;
  };

  const showServerErrors = (errors: FieldErrors<F>) => {
    setServerErrors(errors);
    focusNext.current = firstInvalid(errors, fields);
  };

  const fieldRef = (field: F) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };

  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = serverErrors[field] ?? ruleErrors[field];
    if (message !== undefined) errors[field] = message;
  }

  return {
    values,
    errors,
    setValue,
    submit,
    showServerErrors,
    fieldRef,
  };
}
