import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** The control's id, where something links to it (an error summary); made up otherwise. */
  id?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  /** Ids of further descriptions, e.g. the rules meter under a new password. */
  describedBy?: string | undefined;
  /** Announces the error as it appears (where nothing else on the screen does, e.g. a dialog). */
  errorIsAlert?: boolean;
  /** A box ticked beside its label (a checkbox), the hint above both. */
  inline?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * The one labelled field: its control gets the label, and is described by the hint and the
 * error (then marked invalid).
 */
export function Field({
  label,
  id: givenId,
  hint,
  error,
  describedBy,
  errorIsAlert = false,
  inline = false,
  className,
  children,
}: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  const labelled = <label htmlFor={id}>{label}</label>;
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
  });
  return (
    <div className={className ? `field ${className}` : 'field'}>
      {inline ? null : labelled}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {inline ? (
        <div className="field--checkbox">
          {control}
          {labelled}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={errorId} className="field__error" role={errorIsAlert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
