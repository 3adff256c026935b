import { formatCardNumber, formatExpiryInput } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { TextField } from '@/shared/forms/text-field';
import type { FieldBinding } from '@/shared/forms/use-form';
import { CARDS_NS } from '../i18n';
import type { CardField } from '../lib/card-form';

interface CardFieldsProps {
  field: (name: CardField) => FieldBinding;
}

/**
 * Card number (grouped in fours as it is typed, 19 characters at most), expiry MM/YY, CVV and
 * name on card, with the browser's card autofill names.
 */
export function CardFields({ field }: CardFieldsProps) {
  const { t } = useTranslation(CARDS_NS);
  const number = field('cardNumber');
  const expiry = field('expiry');
  return (
    <>
      <TextField
        {...number}
        onChange={(value) => number.onChange(formatCardNumber(value))}
        label={t('form.cardNumber')}
        hint={t('form.cardNumberHint')}
        name="cardNumber"
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={19}
      />
      <div className="card-form__row">
        <TextField
          {...expiry}
          onChange={(value) => expiry.onChange(formatExpiryInput(value))}
          label={t('form.expiry')}
          hint={t('form.expiryHint')}
          name="expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={5}
        />
        <TextField
          {...field('cvv')}
          label={t('form.cvv')}
          hint={t('form.cvvHint')}
          name="cvv"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
        />
      </div>
      <TextField
        {...field('nameOnCard')}
        label={t('form.nameOnCard')}
        hint={t('form.nameOnCardHint')}
        name="nameOnCard"
        autoComplete="cc-name"
        maxLength={50}
      />
    </>
  );
}
