import './forms.css';
import { PHONE_INPUT_MAX } from '@portal/contract';
import type { Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { DialCodeSelect, type DialCode } from './dial-code-select';
import { Field } from './field';
import { FORMS_NS } from './i18n';
import { TextField } from './text-field';
import type { FieldBinding } from './use-form';

interface MobileFieldsProps {
  dialCode: DialCode;
  onDialCodeChange: (value: DialCode) => void;
  dialCodeError?: string | undefined;
  dialCodeRef?: Ref<HTMLSelectElement>;
  /** The number as typed, without the dial code. */
  mobile: FieldBinding;
}

/** A mobile number: its dial code (+44 by default) and the number, side by side when there is room. */
export function MobileFields({
  dialCode,
  onDialCodeChange,
  dialCodeError,
  dialCodeRef,
  mobile,
}: MobileFieldsProps) {
  const { t } = useTranslation(FORMS_NS);
  return (
    <div className="mobile-fields">
      <Field label={t('dialCode.label')} error={dialCodeError}>
        {(control) => (
          <DialCodeSelect
            {...control}
            ref={dialCodeRef}
            className="field__input"
            name="mobileAreaCode"
            autoComplete="tel-country-code"
            value={dialCode}
            onChange={onDialCodeChange}
          />
        )}
      </Field>
      <TextField
        {...mobile}
        label={t('mobile.label')}
        type="tel"
        name="mobileNo"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={PHONE_INPUT_MAX}
      />
    </div>
  );
}
