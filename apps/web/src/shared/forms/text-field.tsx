import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

export interface TextFieldProps extends InputProps {
  label: string;
  /** The input's id, where something links to it (an error summary). */
  id?: string | undefined;
  hint?: string | undefined;
  error?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input (text, email, tel…) with its hint and error. */
export function TextField({ label, id, hint, error, onChange, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} id={id} hint={hint} error={error}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={ref}
          className="field__input"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
