import { errorCatalogue, isValidFlightNumber, normaliseFlightNumber } from '@portal/contract';
import { startTransition, useDeferredValue, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { CheckboxField, TICKED } from '@/shared/forms/checkbox-field';
import { ErrorSummary } from '@/shared/forms/error-summary';
import { Form } from '@/shared/forms/form';
import { RadioGroup } from '@/shared/forms/radio-group';
import { formatClockTime, formatDay, formatVisitDay } from '@/shared/lib/format-dates';
import {
  useAvailableTimes,
  useBookingMemberships,
  usePreBook,
  useWaitlistEntries,
} from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { bookingHref } from '../lib/booking-href';
import { daysFromToday, readDraft, saveDraft, type PrebookingDraft } from '../lib/draft';
import { LOUNGE_FLOW } from '../lib/flows';
import { useBookingCode } from '../lib/use-booking-code';
import { Alternatives } from './alternatives';
import { FLIGHT_ID, FlightField } from './flight-field';
import { LoungeSummary } from './lounge-summary';
import { Passengers, guestFieldId } from './passengers';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';
import { SlotGrid, timeFieldId } from './slot-grid';
import { StepSubmit } from './step-submit';
import { VISIT_DATE_ID, VisitDateField } from './visit-date-field';

/** The first day a visit may be, as the browser guesses it before the server says. */
const FIRST_GUESS_DAYS = 3;
const NO_MEMBERSHIP = '';

interface Errors {
  date?: string;
  time?: string;
  flight?: string;
  guests?: Record<number, string>;
  form?: string;
}

/** Which membership pays passes: the member's usable ones, or none (everyone pays). */
function MembershipChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (dpid: string) => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const memberships = useBookingMemberships();
  const usable = (memberships.data ?? []).filter((m) => m.usable);
  // Until the member chooses: the first with passes left (select-num answers the one in use
  // first), never one with none left while another has some. The whole form renders again
  // with it, as a transition React may slice (issue 23).
  const first = usable.find((m) => m.passesLeft > 0) ?? usable[0];
  useEffect(() => {
    if (value === undefined && memberships.data)
      startTransition(() => onChange(first?.dpid ?? NO_MEMBERSHIP));
  }, [value, memberships.data, first, onChange]);
  if (!memberships.data) return null;
  const unusable = memberships.data.filter((m) => !m.usable);
  return (
    <>
      <RadioGroup
        legend={t('detail.membership')}
        name="membership"
        options={[
          ...usable.map((m) => ({
            value: m.dpid,
            label: t('detail.membershipOption', { last4: m.dpid.slice(-4), count: m.passesLeft }),
          })),
          { value: NO_MEMBERSHIP, label: t('detail.noPasses') },
        ]}
        value={value ?? NO_MEMBERSHIP}
        onChange={onChange}
      />
      {unusable.map((m) => (
        <p key={m.dpid} className="field__hint">
          {t('detail.membershipUnusable', { last4: m.dpid.slice(-4), status: m.status })}
        </p>
      ))}
    </>
  );
}

/** 'Booking Limit Reached' as soon as the date is one the member has booked this lounge on. */
function OwnBookingNotice({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const limit = errorCatalogue.bookingLimitReached;
  return (
    <p className="notice notice--error" role="alert">
      {t(limit.key, { ns: 'messages', defaultValue: limit.message })}{' '}
      <Link to={bookingHref(bookingId)}>{t('detail.ownBooking', { id: bookingId })}</Link>
    </p>
  );
}

/** A waiting-list email's link (`hold`): the places held for the member, and until when. */
function HeldNotice({ holdId }: { holdId: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const entries = useWaitlistEntries();
  const entry = entries.data?.entries.find((e) => e.holdId === holdId);
  if (!entry?.heldUntil) return null;
  return (
    <p className="notice notice--success" role="status">
      {t('detail.held', {
        count: entry.places,
        time: entry.time,
        date: formatVisitDay(entry.date),
        until: formatClockTime(entry.heldUntil),
      })}
    </p>
  );
}

function BookingForm({ code, draft }: { code: string; draft: PrebookingDraft | undefined }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mine = draft?.code === code ? draft : undefined;
  // A waiting-list email's link names the date and time it holds places at.
  const [date, setDate] = useState(
    params.get('date') ?? mine?.date ?? daysFromToday(FIRST_GUESS_DAYS),
  );
  const [time, setTime] = useState<string | undefined>(params.get('time') ?? mine?.time);
  const [guests, setGuests] = useState<string[]>(mine?.guests ?? []);
  const [infants, setInfants] = useState(mine?.infants ?? 0);
  const [flight, setFlight] = useState(mine?.flightNumber ?? '');
  const [dpid, setDpid] = useState<string | undefined>(mine?.dpid);
  const [passesOnly, setPassesOnly] = useState(mine?.passesOnly ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const heldId = params.get('hold');
  // Each submit that finds errors moves focus to their summary.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const places = 1 + guests.length;
  const times = useAvailableTimes(code, date, places);
  // The step is rendered from a deferred copy of the grid: when the answer comes, the form is
  // built in a transition React slices (a few milliseconds at a time), not in one long task that
  // blocks the page (issue 23: 80-180 ms at Lighthouse's 4x slowdown). An answer already known
  // (back from the review) shows at once.
  const shown = useDeferredValue(times.data);
  const preBook = usePreBook();

  if (isApiError(times.error, 'notFound')) {
    return <p className="notice notice--error">{t('noLounge')}</p>;
  }
  if (!shown) {
    return <PrebookingLoad failed={times.isError} onRetry={() => void times.refetch()} />;
  }
  const { lounge, slots } = shown;
  const chosen = slots.find((s) => s.time === time);
  const draftNow = (): PrebookingDraft => ({
    code,
    date,
    ...(time ? { time } : {}),
    guests,
    infants,
    flightNumber: flight,
    dpid: dpid ?? NO_MEMBERSHIP,
    passesOnly,
  });

  const validate = (): Errors => {
    const found: Errors = {};
    const { firstDate, lastDate } = lounge.window;
    if (date < firstDate || date > lastDate) {
      found.date = t('detail.dateInvalid', {
        first: formatDay(firstDate),
        last: formatDay(lastDate),
      });
    }
    if (!chosen) found.time = t('detail.timeRequired');
    if (flight.trim() === '') found.flight = t('detail.flightRequired');
    else if (!isValidFlightNumber(flight)) found.flight = t('detail.flightInvalid');
    const unnamed = Object.fromEntries(
      guests.flatMap((g, i) => (g.trim() === '' ? [[i, t('detail.guestRequired')]] : [])),
    ) as Record<number, string>;
    if (Object.keys(unnamed).length > 0) found.guests = unnamed;
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (preBook.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    if (!time || chosen?.state === 'full') return;
    const before = readDraft();
    try {
      const hold = await preBook.mutateAsync({
        code,
        date,
        time,
        flightNumber: normaliseFlightNumber(flight),
        guests: guests.map((g) => g.trim()),
        infants,
        ...(dpid ? { dpid } : {}),
        passesOnly,
        ...(before?.holdId ? { replaceHoldId: before.holdId } : {}),
      });
      // The countdown by this browser's clock, from what the server had left.
      const expiresAt = new Date(Date.now() + hold.secondsLeft * 1000).toISOString();
      saveDraft({ ...draftNow(), holdId: hold.holdId, expiresAt });
      void navigate(paths.prebooking.review.getHref());
    } catch (error) {
      if (isApiError(error, 'slotNotAvailable')) {
        void times.refetch();
        setErrors({ time: error.message });
        setFailedSubmits((n) => n + 1);
      } else {
        setErrors({ form: errorMessageOf(error, t('payment.failed')) });
      }
    }
  };

  return (
    <>
      {heldId ? <HeldNotice holdId={heldId} /> : null}
      <LoungeSummary lounge={lounge} {...(dpid ? { dpid } : {})} />
      <Form onSubmit={(event) => void submit(event)} busy={preBook.isPending}>
        <ErrorSummary
          focusKey={failedSubmits}
          errors={[
            [VISIT_DATE_ID, errors.date],
            [timeFieldId(slots, time) ?? VISIT_DATE_ID, errors.time],
            ...guests.map((_, i) => [guestFieldId(i), errors.guests?.[i]] as const),
            [FLIGHT_ID, errors.flight],
          ]}
        />
        <VisitDateField
          place={lounge}
          value={date}
          error={errors.date}
          onChange={(value) => {
            setDate(value);
            setTime(undefined);
          }}
        />
        {shown.ownBookingId && shown.date === date ? (
          <OwnBookingNotice bookingId={shown.ownBookingId} />
        ) : null}
        <SlotGrid
          // Busy until the grid shown is the answer to the date and party asked.
          busy={times.isPlaceholderData || shown !== times.data}
          slots={slots}
          timeZone={lounge.timeZone}
          value={time}
          onChange={(value) => {
            setTime(value);
            setErrors((e) => ({ ...e, time: undefined }));
          }}
          error={errors.time}
        />
        {chosen?.state === 'full' ? (
          <Alternatives
            query={{ code, date, time: chosen.time, places }}
            onChooseTime={setTime}
            onChooseLounge={(other, otherTime) =>
              saveDraft({ ...draftNow(), code: other, time: otherTime })
            }
          />
        ) : null}
        <Passengers
          guests={guests}
          onGuests={setGuests}
          infants={infants}
          onInfants={setInfants}
          maxGuests={lounge.maxGuests}
          {...(dpid ? { dpid } : {})}
          errors={errors.guests}
        />
        <FlightField value={flight} onChange={setFlight} error={errors.flight} />
        <MembershipChoice value={dpid} onChange={setDpid} />
        <CheckboxField
          label={t('detail.passesOnly')}
          name="passes-only"
          value={passesOnly ? TICKED : ''}
          onChange={(value) => setPassesOnly(value === TICKED)}
        />
        <StepSubmit
          busy={preBook.isPending}
          label={t('detail.continue')}
          busyText={t('detail.holding')}
          error={errors.form}
        />
      </Form>
    </>
  );
}

/**
 * /prebooking/detail (step 1): the lounge (its `code` from the link, kept as `loungeCode` for
 * the tab), the date within the window, the arrival time from the live slot grid, the
 * passengers, the flight and the membership whose passes pay.
 */
export function DetailPage() {
  const { t } = useTranslation(PREBOOKING_NS);
  const { t: tp } = useTranslation('pages');
  const draft = readDraft();
  const code = useBookingCode(draft?.code);
  return (
    <PrebookingFrame flow={LOUNGE_FLOW} title={tp('prebooking.detail')} step={1}>
      {code ? (
        <BookingForm key={code} code={code} draft={draft} />
      ) : (
        <p>
          {t('noLounge')} <Link to={paths.airport.getHref()}>{t('findLounge')}</Link>
        </p>
      )}
    </PrebookingFrame>
  );
}
