import './forms.css';
import type { FormEvent, ReactNode } from 'react';

interface FormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
  children: ReactNode;
}

/** A form whose fields are checked by the app (noValidate), laid out as one column. */
export function Form({ onSubmit, busy, children }: FormProps) {
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {children}
    </form>
  );
}

/** A live region for what the form is doing; kept in the page so it can speak when it changes. */
export function FormStatus({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="form__status">
      {children}
    </div>
  );
}

interface SubmitButtonProps {
  /** Waiting (sending, locked): the press does nothing. */
  busy?: boolean;
  large?: boolean;
  children: ReactNode;
  /** Further buttons after it, in the same row (e.g. Back). */
  after?: ReactNode;
}

export function SubmitButton({ busy = false, large = false, children, after }: SubmitButtonProps) {
  return (
    <div className="form__actions">
      <button
        type="submit"
        className={large ? 'button button--primary button--large' : 'button button--primary'}
        // aria-disabled rather than disabled, so focus stays on the button while it waits.
        aria-disabled={busy || undefined}
      >
        {children}
      </button>
      {after}
    </div>
  );
}
