import { DEFAULT_AREA_CODE, DEFAULT_DIAL_CODE } from '@portal/contract';
import type { Ref, SelectHTMLAttributes } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useDialCodes } from './get-dial-codes';
import { FORMS_NS } from './i18n';

/** A country's dial code: ISO 3166-1 alpha-2 (mobileAreaCode) and the code without the plus. */
export interface DialCode {
  iso2: string;
  dialCode: string;
}

/** Spec section 9: default dial code 44, area GB. */
export const DEFAULT_DIAL: DialCode = { iso2: DEFAULT_AREA_CODE, dialCode: DEFAULT_DIAL_CODE };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>;

interface DialCodeSelectProps extends SelectProps {
  value: DialCode;
  onChange: (value: DialCode) => void;
  ref?: Ref<HTMLSelectElement> | undefined;
}

/** The dial code picker; MobileFields labels it. */
export function DialCodeSelect({ value, onChange, ...props }: DialCodeSelectProps) {
  const { t } = useTranslation(FORMS_NS);
  const list = useDialCodes();
  const rows = list.data?.length
    ? list.data
    : [
        {
          name: t('dialCode.defaultCountry'),
          telabbr: DEFAULT_DIAL.dialCode,
          ios2: DEFAULT_DIAL.iso2,
        },
      ];
  return (
    <select
      {...props}
      value={value.iso2}
      onChange={(event) => {
        const row = rows.find((r) => r.ios2 === event.target.value);
        if (row) onChange({ iso2: row.ios2, dialCode: row.telabbr });
      }}
    >
      {rows.map((row) => (
        <option key={row.ios2} value={row.ios2}>
          {t('dialCode.option', { name: row.name, code: row.telabbr })}
        </option>
      ))}
    </select>
  );
}
