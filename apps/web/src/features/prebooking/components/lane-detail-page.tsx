import { isValidFlightNumber, normaliseFlightNumber } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { ErrorSummary } from '@/shared/forms/error-summary';
import { Form } from '@/shared/forms/form';
import { TextField } from '@/shared/forms/text-field';
import { formatDay } from '@/shared/lib/format-dates';
import { useCheckLaneTime, useLaneTimes, useOtherLaneTimes } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { daysFromToday } from '../lib/draft';
import { FAST_TRACK_FLOW, laneDraft, type LaneDraft } from '../lib/flows';
import { useBookingCode } from '../lib/use-booking-code';
import { TimeChoices } from './alternatives';
import { FLIGHT_ID, FlightField } from './flight-field';
import { LaneSummary } from './lane-summary';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';
import { SlotGrid, timeFieldId } from './slot-grid';
import { StepSubmit } from './step-submit';
import { VISIT_DATE_ID, VisitDateField } from './visit-date-field';

/** The first day a visit may be, as the browser guesses it before the server says. */
const FIRST_GUESS_DAYS = 3;
const PASSENGERS_ID = 'passengers';

interface Errors {
  date?: string;
  time?: string;
  passengers?: string;
  flight?: string;
  form?: string;
}

/** A time window refused or full: the lane's other windows that day with places for everyone. */
function OtherWindows({
  query,
  onChoose,
}: {
  query: { code: string; date: string; time: string; places: number };
  onChoose: (time: string) => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const others = useOtherLaneTimes(query);
  return (
    <section className="prebooking__panel" aria-labelledby="other-windows-title">
      <h2 id="other-windows-title">{t('lane.otherTimes')}</h2>
      <p>{t('lane.otherTimesLead')}</p>
      <TimeChoices slots={others.data?.slots} none={t('lane.noOtherTimes')} onChoose={onChoose} />
    </section>
  );
}

function LaneForm({ code, draft }: { code: string; draft: LaneDraft | undefined }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const mine = draft?.code === code ? draft : undefined;
  const [date, setDate] = useState(mine?.date ?? daysFromToday(FIRST_GUESS_DAYS));
  const [time, setTime] = useState<string | undefined>(mine?.time);
  const [passengersText, setPassengersText] = useState(String(mine?.passengers ?? 1));
  const typed = Number(passengersText);
  // The grid asks for the places of a number that makes sense; the field says when it does not.
  const passengers = Number.isInteger(typed) && typed >= 1 ? typed : 1;
  const [flight, setFlight] = useState(mine?.flightNumber ?? '');
  const [errors, setErrors] = useState<Errors>({});
  // Each submit that finds errors moves focus to their summary.
  const [failedSubmits, setFailedSubmits] = useState(0);
  const [refusedTime, setRefusedTime] = useState<string | undefined>(undefined);
  const times = useLaneTimes(code, date, passengers);
  const check = useCheckLaneTime();

  if (isApiError(times.error, 'notFound')) {
    return <p className="notice notice--error">{t('lane.noLane')}</p>;
  }
  if (isApiError(times.error, 'laneNotAvailable')) {
    return (
      <p className="notice notice--error" role="alert">
        {errorMessageOf(times.error, t('payment.failed'))}
      </p>
    );
  }
  if (!times.data) {
    return <PrebookingLoad failed={times.isError} onRetry={() => void times.refetch()} />;
  }
  const { lane, slots } = times.data;
  const chosen = slots.find((s) => s.time === time);
  const choose = (value: string) => {
    setTime(value);
    setRefusedTime(undefined);
    setErrors((e) => ({ ...e, time: undefined }));
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const { firstDate, lastDate } = lane.window;
    if (date < firstDate || date > lastDate) {
      found.date = t('detail.dateInvalid', {
        first: formatDay(firstDate),
        last: formatDay(lastDate),
      });
    }
    if (!chosen) found.time = t('detail.timeRequired');
    if (!Number.isInteger(typed) || typed < 1 || typed > lane.maxPassengers) {
      found.passengers = t('lane.passengersInvalid', { count: lane.maxPassengers });
    }
    if (flight.trim() === '') found.flight = t('detail.flightRequired');
    else if (!isValidFlightNumber(flight)) found.flight = t('detail.flightInvalid');
    return found;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailedSubmits((n) => n + 1);
      return;
    }
    if (!time) return;
    if (chosen?.state === 'full') {
      setRefusedTime(time);
      return;
    }
    try {
      await check.mutateAsync({ code, date, time, places: passengers });
      // Step 2 is to be done again, holding the places anew: a hold of before is let go then.
      const before = laneDraft.read();
      const same = before?.code === code;
      const replaceHoldId = before?.holdId ?? before?.replaceHoldId;
      laneDraft.save({
        code,
        date,
        time,
        passengers,
        flightNumber: normaliseFlightNumber(flight),
        detailDone: true,
        ...(same && before.names ? { names: before.names } : {}),
        ...(same && before.bands ? { bands: before.bands } : {}),
        ...(replaceHoldId ? { replaceHoldId } : {}),
      });
      void navigate(paths.cipPrebooking.passenger.getHref());
    } catch (error) {
      if (isApiError(error, 'laneNotAvailable')) {
        void times.refetch();
        setRefusedTime(time);
        setErrors({ time: error.message });
        setFailedSubmits((n) => n + 1);
      } else {
        setErrors({ form: errorMessageOf(error, t('payment.failed')) });
      }
    }
  };

  const full = chosen?.state === 'full' ? chosen.time : undefined;
  const otherAround = refusedTime ?? full;
  return (
    <>
      <LaneSummary lane={lane} />
      <Form onSubmit={(event) => void submit(event)} busy={check.isPending}>
        <ErrorSummary
          focusKey={failedSubmits}
          errors={[
            [VISIT_DATE_ID, errors.date],
            [PASSENGERS_ID, errors.passengers],
            [timeFieldId(slots, time) ?? VISIT_DATE_ID, errors.time],
            [FLIGHT_ID, errors.flight],
          ]}
        />
        <VisitDateField
          place={lane}
          value={date}
          error={errors.date}
          onChange={(value) => {
            setDate(value);
            setTime(undefined);
            setRefusedTime(undefined);
          }}
        />
        <TextField
          id={PASSENGERS_ID}
          label={t('lane.passengers')}
          hint={t('lane.cap', { count: lane.maxPassengers })}
          error={errors.passengers}
          name="passengers"
          type="number"
          inputMode="numeric"
          min={1}
          max={lane.maxPassengers}
          value={passengersText}
          onChange={setPassengersText}
        />
        <SlotGrid
          slots={slots}
          timeZone={lane.timeZone}
          legend={t('lane.times', { zone: lane.timeZone })}
          empty={t('lane.noTimes')}
          busy={times.isPlaceholderData}
          value={time}
          onChange={choose}
          error={errors.time}
        />
        {otherAround ? (
          <OtherWindows
            query={{ code, date, time: otherAround, places: passengers }}
            onChoose={choose}
          />
        ) : null}
        <FlightField value={flight} onChange={setFlight} error={errors.flight} />
        <StepSubmit
          busy={check.isPending}
          label={t('lane.continue')}
          busyText={t('lane.checking')}
          error={errors.form}
        />
      </Form>
    </>
  );
}

/**
 * /cipprebooking/detail (step 1 of 4): the lane (its `code` from the link, kept as `loungeCode`
 * for the tab), the date within the window, the time window from the live grid, the number of
 * passengers and the flight. The server checks the window before step 2 opens.
 */
export function LaneDetailPage() {
  const { t } = useTranslation(PREBOOKING_NS);
  const { t: tp } = useTranslation('pages');
  const draft = laneDraft.read();
  const code = useBookingCode(draft?.code);
  return (
    <PrebookingFrame flow={FAST_TRACK_FLOW} title={tp('cipPrebooking.detail')} step={1}>
      {code ? (
        <LaneForm key={code} code={code} draft={draft} />
      ) : (
        <p>
          {t('lane.noLane')} <Link to={paths.airport.getHref()}>{t('lane.findLane')}</Link>
        </p>
      )}
    </PrebookingFrame>
  );
}
