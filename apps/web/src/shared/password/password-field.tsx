import './password.css';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_FIELD_NS } from './i18n';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  /** The field's message; the input is then invalid and described by it. */
  error?: string | undefined;
  /** Ids of further descriptions, e.g. the rules meter under a new password. */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      className="password-field__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}

/**
 * A password input with its label, a show/hide toggle and its error. The toggle keeps one name
 * ("Show password") and reports its state with aria-pressed, so the name and state never clash.
 */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  name,
  error,
  describedBy,
  ref,
}: PasswordFieldProps) {
  const { t } = useTranslation(PASSWORD_FIELD_NS);
  const id = useId();
  const [visible, setVisible] = useState(false);
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const described = [error ? errorId : undefined, describedBy].filter(Boolean).join(' ');

  return (
    <div className="field password-field">
      <label htmlFor={inputId}>{label}</label>
      <div className="password-field__control">
        <input
          ref={ref}
          id={inputId}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-controls={inputId}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <EyeIcon crossed={visible} />
          <span>{t('show')}</span>
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
