import { MEMBERSHIP_NUMBER_INPUT_MAX, formatMembershipNumber } from '@portal/contract';
import { TextField, type TextFieldProps } from './text-field';

type MembershipNumberFieldProps = Omit<
  TextFieldProps,
  'type' | 'name' | 'inputMode' | 'autoComplete' | 'maxLength'
>;

/**
 * The 16-digit membership number (spec section 5): digits only, grouped in fours as typed,
 * at most 19 characters; onChange gets the grouped value.
 */
export function MembershipNumberField({ onChange, ...props }: MembershipNumberFieldProps) {
  return (
    <TextField
      {...props}
      onChange={(value) => onChange(formatMembershipNumber(value))}
      type="text"
      name="dpid"
      inputMode="numeric"
      autoComplete="off"
      maxLength={MEMBERSHIP_NUMBER_INPUT_MAX}
    />
  );
}
