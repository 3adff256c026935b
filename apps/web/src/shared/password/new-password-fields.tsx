import { useId } from 'react';
import type { FieldBinding } from '../forms/use-form';
import { PasswordField } from './password-field';
import { PasswordRulesMeter } from './password-rules-meter';

interface NewPasswordFieldsProps {
  password: FieldBinding;
  confirm: FieldBinding;
  passwordLabel: string;
  confirmLabel: string;
}

/** A new password, shown against the rules as it is typed, and the same again to confirm it. */
export function NewPasswordFields({
  password,
  confirm,
  passwordLabel,
  confirmLabel,
}: NewPasswordFieldsProps) {
  const meterId = useId();
  return (
    <>
      <div>
        <PasswordField
          {...password}
          label={passwordLabel}
          autoComplete="new-password"
          describedBy={meterId}
        />
        <PasswordRulesMeter id={meterId} password={password.value} />
      </div>
      <PasswordField {...confirm} label={confirmLabel} autoComplete="new-password" />
    </>
  );
}
