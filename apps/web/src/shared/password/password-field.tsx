import './password.css';
import { useState, type Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Field } from '../forms/field';
import { PASSWORD_FIELD_NS } from './i18n';
import { Icon } from './icon';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  hint?: string | undefined;
  /** The field's message; the input is then invalid and described by it. */
  error?: string | undefined;
  /** Ids of further descriptions, e.g. the rules meter under a new password. */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon className="password-field__icon" box={24} size={20}>
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" /> : null}
    </Icon>
  );
}

/**
 * A password input with its label, a show/hide toggle, its hint and error. The toggle keeps one
 * name ("Show password") and reports its state with aria-pressed, so the name and state never
 * clash.
 */
export function PasswordField({
  label,
  hint,
  error,
  describedBy,
  onChange,
  ref,
  ...input
}: PasswordFieldProps) {
  const { t } = useTranslation(PASSWORD_FIELD_NS);
  const [visible, setVisible] = useState(false);

  return (
    <Field label={label} hint={hint} error={error} describedBy={describedBy}>
      {(control) => (
        <div className="password-field__control">
          <input
            {...input}
            {...control}
            ref={ref}
            className="field__input"
            type={visible ? 'text' : 'password'}
            onChange={(event) => onChange(event.target.value)}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            className="password-field__toggle"
            aria-controls={control.id}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            <EyeIcon crossed={visible} />
            <span>{t('show')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}
