import { useId, type HTMLAttributes, type Ref } from 'react';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type: 'email' | 'tel' | 'text';
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose message, when it has one, describes it and marks it invalid. */
export function TextField({ label, value, onChange, error, ref, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field password-form__field">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        {...input}
        ref={ref}
        id={`${id}-input`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
