import { TextField, type TextFieldProps } from './text-field';

type EmailFieldProps = Omit<TextFieldProps, 'type' | 'name' | 'spellCheck' | 'autoComplete'> & {
  /** 'username' where the address logs in (the login form), 'email' elsewhere. */
  autoComplete?: 'email' | 'username';
};

/** An email address field: type email, name email, no spell check. */
export function EmailField({ autoComplete = 'email', ...props }: EmailFieldProps) {
  return (
    <TextField
      {...props}
      type="email"
      name="email"
      autoComplete={autoComplete}
      spellCheck={false}
    />
  );
}
