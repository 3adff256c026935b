import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Ids of further descriptions, e.g. the rules meter under a new password. */
  describedBy?: string | undefined;
  /** Announces the error as it appears (where nothing else on the screen does, e.g. a dialog). */
  errorIsAlert?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * The one labelled field: its control gets the label, and is described by the hint and the
 * error (then marked invalid).
 */
export function Field({
  label,
  hint,
  error,
  describedBy,
  errorIsAlert = false,
  className,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {error ? (
        <p id={errorId} className="field__error" role={errorIsAlert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
