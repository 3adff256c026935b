import './forms.css';
import type { ReactNode, Ref } from 'react';
import { Field } from './field';

/** The form's value of a ticked box; an empty string when not ticked. */
export const TICKED = 'yes';

interface CheckboxFieldProps {
  label: string;
  /** TICKED or empty, as the form holds it (useForm's field binding). */
  value: string;
  onChange: (value: string) => void;
  name?: string;
  /** The box's id, where something links to it (an error summary). */
  id?: string;
  /** Shown above the box, and describing it (e.g. a link to the document agreed to). */
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled checkbox (an agreement) bound like a text field, described by its hint and error
 * (then marked invalid).
 */
export function CheckboxField({
  label,
  value,
  onChange,
  name,
  id,
  hint,
  error,
  ref,
}: CheckboxFieldProps) {
  return (
    <Field className="checkbox-field" inline label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          ref={ref}
          type="checkbox"
          name={name}
          checked={value === TICKED}
          onChange={(event) => onChange(event.target.checked ? TICKED : '')}
        />
      )}
    </Field>
  );
}
