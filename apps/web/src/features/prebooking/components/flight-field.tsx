import { useTranslation } from '@/shared/i18n/use-translation';
import { TextField } from '@/shared/forms/text-field';
import { PREBOOKING_NS } from '../i18n';

/** The flight field's id, for the error summary's link. */
export const FLIGHT_ID = 'flight-number';

/** The flight number of a booking (the contract's rule is checked before asking the server). */
export function FlightField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <TextField
      id={FLIGHT_ID}
      label={t('detail.flight')}
      hint={t('detail.flightHint')}
      error={error}
      name="flight"
      autoComplete="off"
      maxLength={8}
      value={value}
      onChange={onChange}
    />
  );
}
