import type { BookablePlace } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { TextField } from '@/shared/forms/text-field';
import { formatDay } from '@/shared/lib/format-dates';
import { PREBOOKING_NS } from '../i18n';

/** The date field's id, for the error summary's link. */
export const VISIT_DATE_ID = 'visit-date';

/** The visit's date, limited to the place's booking window (48 hours to 180 days ahead). */
export function VisitDateField({
  place,
  value,
  onChange,
  error,
}: {
  place: BookablePlace;
  value: string;
  /** A new date chosen (the time chosen before no longer stands). */
  onChange: (date: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { firstDate, lastDate } = place.window;
  return (
    <TextField
      id={VISIT_DATE_ID}
      label={t('detail.date')}
      hint={t('detail.dateHint', { first: formatDay(firstDate), last: formatDay(lastDate) })}
      error={error}
      type="date"
      name="date"
      min={firstDate}
      max={lastDate}
      value={value}
      onChange={(date) => {
        if (date) onChange(date);
      }}
    />
  );
}
