import type { SendType } from '@portal/contract';
import type { Ref } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RadioGroup } from '../forms/radio-group';
import { VERIFICATION_NS } from './i18n';

interface SendTypeChoiceProps {
  legend: string;
  value: SendType;
  onChange: (value: SendType) => void;
  ref?: Ref<HTMLFieldSetElement>;
}

const ORDER: readonly SendType[] = ['email', 'sms'];

/** How a one-time code should travel: Email or Text message (SMS). */
export function SendTypeChoice({ legend, value, onChange, ref }: SendTypeChoiceProps) {
  const { t } = useTranslation(VERIFICATION_NS);
  const options = ORDER.map((type) => ({ value: type, label: t(`sendType.${type}`) }));
  return (
    <RadioGroup
      ref={ref}
      legend={legend}
      name="sendType"
      options={options}
      value={value}
      onChange={onChange}
    />
  );
}
