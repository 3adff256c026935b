import { errorCatalogue, type Slot } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PREBOOKING_NS } from '../i18n';

const LABELS = {
  open: 'detail.slotOpen',
  full: 'detail.slotFull',
  'too-soon': 'detail.slotTooSoon',
  'too-late': 'detail.slotTooLate',
} as const;

const slotId = (time: string) => `slot-${time}`;

/**
 * Where the error summary's link for the time goes: the time chosen, else the first that can be
 * chosen; none when the day has no time to choose (the date is then what to change).
 */
export function timeFieldId(
  slots: readonly Slot[],
  chosen: string | undefined,
): string | undefined {
  const choosable = slots.filter((s) => s.state === 'open' || s.state === 'full');
  const slot = choosable.find((s) => s.time === chosen) ?? choosable[0];
  return slot ? slotId(slot.time) : undefined;
}

/**
 * The day's arrival times as radio buttons, with the places left in each. A full time can be
 * chosen (the page then offers other times and lounges); times outside the booking window
 * cannot.
 */
export function SlotGrid({
  slots,
  timeZone,
  value,
  onChange,
  error,
  legend,
  empty,
  busy = false,
}: {
  /** The grid shown is another date's while this one's is asked for. */
  busy?: boolean;
  /** What the times are (a lounge's arrival times by default; a lane's time windows). */
  legend?: string;
  /** Said when the day has none. */
  empty?: string;
  slots: readonly Slot[];
  timeZone: string;
  value: string | undefined;
  onChange: (time: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  // A day none of whose times can be booked (past, too near, too far): one message, not a list
  // of times that cannot be chosen.
  const outside =
    slots.length > 0 && slots.every((s) => s.state === 'too-soon' || s.state === 'too-late');
  return (
    <fieldset
      aria-busy={busy || undefined}
      className="prebooking__slots"
      aria-describedby={error ? 'prebooking-slot-error' : 'prebooking-slot-live'}
    >
      <legend>{legend ?? t('detail.times', { zone: timeZone })}</legend>
      <p id="prebooking-slot-live" className="field__hint">
        {t('detail.timesLive')}
      </p>
      {slots.length === 0 ? <p>{empty ?? t('detail.noTimes')}</p> : null}
      {outside ? <p className="notice">{errorCatalogue.bookingOutsideWindow.message}</p> : null}
      <ul className="prebooking__slot-list" hidden={outside}>
        {slots.map((slot) => (
          <li key={slot.startsAt} className={`prebooking__slot prebooking__slot--${slot.state}`}>
            <input
              type="radio"
              id={slotId(slot.time)}
              name="slot"
              value={slot.time}
              checked={value === slot.time}
              disabled={slot.state === 'too-soon' || slot.state === 'too-late'}
              onChange={() => onChange(slot.time)}
            />
            <label htmlFor={slotId(slot.time)}>
              {t(LABELS[slot.state], { time: slot.time, count: slot.placesLeft })}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id="prebooking-slot-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
