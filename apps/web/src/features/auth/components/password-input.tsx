import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NS } from '../i18n';

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a Show password / Hide password toggle beside it. */
export function PasswordInput({ ref, id, ...props }: PasswordInputProps) {
  const { t } = useTranslation(AUTH_NS);
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-password">
      <input ref={ref} id={id} type={visible ? 'text' : 'password'} {...props} />
      <button
        type="button"
        className="auth-password__toggle"
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? t('login.hidePassword') : t('login.showPassword')}
      </button>
    </div>
  );
}
