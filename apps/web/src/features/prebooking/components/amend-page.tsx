import '../prebooking.css';
import {
  isValidFlightNumber,
  normaliseFlightNumber,
  type Amended,
  type Booked,
  type Booking,
  type BookingOrderState,
  type ChangeQuote,
  type Hold,
  type Money,
} from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { callDescriptors as bookingCalls } from 'virtual:call-descriptors/bookings';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { callMutationOptions, callQueryOptions } from '@/shared/api/query-options';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { RadioGroup } from '@/shared/forms/radio-group';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import type { CardSelectProps } from '@/shared/payment/card-payment-fields';
import { PageTitle } from '@/shared/ui/page-title';
import { prebookingCalls, useAvailableTimes } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { bookingHref } from '../lib/booking-href';
import { ConfirmingChange, NotChanged, PayForChange, type ChangePaid } from './amend-payment';
import { FlightField } from './flight-field';
import { Passengers } from './passengers';
import { PrebookingLoad } from './prebooking-load';
import { SlotGrid } from './slot-grid';
import { VisitDateField } from './visit-date-field';

const quiet = { serverErrorOverlay: false } as const;

/** What a change did: the new time, money and passes. */
interface ChangeDone {
  booking: Booked;
  passesUsed: number;
  passesReturned: number;
  refund?: Money;
  charged?: Money;
}

const doneOfAmended = (amended: Extract<Amended, { outcome: 'changed' }>): ChangeDone => amended;

/** A paid change: its booking as it is now, what was charged and the passes its order spent. */
const doneOfPaid = (state: BookingOrderState, booking: Booked): ChangeDone => ({
  booking,
  charged: { amount: state.amount, currency: state.currency },
  passesUsed: state.lines
    .filter((line) => line.unitAmount === 0)
    .reduce((sum, line) => sum + line.quantity, 0),
  passesReturned: 0,
});

function Done({ done }: { done: ChangeDone }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { booking, refund, charged } = done;
  return (
    <div className="prebooking__panel" role="status">
      <p>
        {t('amend.done', {
          id: booking.bookingId,
          date: formatVisitDay(booking.date),
          time: booking.time,
        })}
      </p>
      {charged && charged.amount > 0 ? (
        <p>{t('amend.charged', { amount: formatMoney(charged) })}</p>
      ) : null}
      {refund && refund.amount > 0 ? (
        <p>{t('amend.refund', { amount: formatMoney(refund) })}</p>
      ) : null}
      {done.passesReturned > 0 ? (
        <p>{t('amend.passesReturned', { count: done.passesReturned })}</p>
      ) : null}
      {done.passesUsed > 0 ? <p>{t('amend.passesUsed', { count: done.passesUsed })}</p> : null}
      <Link className="button button--primary" to={bookingHref(booking.bookingId)}>
        {t('amend.back')}
      </Link>
    </div>
  );
}

/** Where a change ends: made, or not (with a way to try again). */
type Ended = { done: ChangeDone } | { notChanged: 'refused' | 'failed' | 'expired' };

function endedOf(paid: ChangePaid): Ended {
  return paid.outcome === 'changed' && paid.state.booking
    ? { done: doneOfPaid(paid.state, paid.state.booking) }
    : { notChanged: paid.outcome === 'changed' ? 'failed' : paid.outcome };
}

function EndOfChange({ ended, onAgain }: { ended: Ended; onAgain: () => void }) {
  return 'done' in ended ? (
    <Done done={ended.done} />
  ) : (
    <NotChanged outcome={ended.notChanged} onAgain={onAgain} />
  );
}

/**
 * What the change will do before it is saved (amend/quote, the terms the save keeps): the
 * passes it uses or gives back and what the card pays or gets back, and, for added guests the
 * membership's passes could cover, the member's choice of passes or card.
 */
function ChangeTerms({
  quote,
  choice,
  onPasses,
}: {
  quote: ChangeQuote | undefined;
  /** The member's choice, shown at once (the quote for it follows). */
  choice: 'use' | 'card' | undefined;
  onPasses: (choice: 'use' | 'card') => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  if (!quote) return null;
  const added = quote.passesUsed + quote.paidGuests;
  const lines = [
    ...(quote.passesUsed > 0 ? [t('amend.quote.passesUsed', { count: quote.passesUsed })] : []),
    ...(quote.paidGuests > 0
      ? [
          t('amend.quote.charge', {
            count: quote.paidGuests,
            amount: formatMoney(quote.charge),
          }),
        ]
      : []),
    ...(quote.passesReturned > 0
      ? [t('amend.quote.passesReturned', { count: quote.passesReturned })]
      : []),
    ...(quote.refund.amount > 0
      ? [t('amend.quote.refund', { amount: formatMoney(quote.refund) })]
      : []),
  ];
  return (
    <section className="prebooking__panel" aria-labelledby="change-terms-title">
      <h2 id="change-terms-title">{t('amend.quote.title')}</h2>
      {added > 0 && quote.passesLeft > 0 ? (
        <RadioGroup
          legend={t('amend.quote.choice')}
          name="passes"
          value={choice ?? quote.passes}
          onChange={onPasses}
          options={[
            { value: 'use', label: t('amend.quote.usePasses', { count: quote.passesLeft }) },
            { value: 'card', label: t('amend.quote.payByCard') },
          ]}
        />
      ) : null}
      <ul aria-live="polite">
        {(lines.length > 0 ? lines : [t('amend.quote.nothing')]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

function AmendForm({
  booking,
  renderCardSelect,
}: {
  booking: Booking;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const queryClient = useQueryClient();
  const [toPay, setToPay] = useState<Hold | undefined>(undefined);
  const [ended, setEnded] = useState<Ended | undefined>(undefined);
  const [date, setDate] = useState(booking.visitDate);
  const [time, setTime] = useState<string | undefined>(booking.visitTime);
  const [guests, setGuests] = useState(booking.passengerNames.slice(1));
  const [infants, setInfants] = useState(
    Math.max(0, booking.passengers - booking.passengerNames.length),
  );
  const [flight, setFlight] = useState(booking.flightNumber);
  const [flightError, setFlightError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [passes, setPasses] = useState<'use' | 'card' | undefined>(undefined);
  const places = 1 + guests.length;
  const times = useAvailableTimes(booking.productId, date, places);
  const amend = useMutation({ ...callMutationOptions(prebookingCalls.amendBooking), meta: quiet });
  const change = {
    bookingId: booking.bookingId,
    date,
    time: time ?? booking.visitTime,
    guests: guests.map((g) => g.trim()).filter((g) => g !== ''),
    infants,
    ...(passes ? { passes } : {}),
  };
  // The terms of the change as it stands in the form, asked again as it changes.
  const quote = useQuery({
    ...callQueryOptions(prebookingCalls.amendQuote, change),
    meta: quiet,
    enabled: time !== undefined,
    placeholderData: (previous) => previous,
  });

  const again = () => {
    setEnded(undefined);
    setToPay(undefined);
    amend.reset();
  };
  if (ended) return <EndOfChange ended={ended} onAgain={again} />;
  if (toPay) {
    return (
      <PayForChange
        bookingId={booking.bookingId}
        hold={toPay}
        renderCardSelect={renderCardSelect}
        onAgain={again}
        onPaid={(paid) => {
          void queryClient.invalidateQueries();
          setEnded(endedOf(paid));
        }}
      />
    );
  }
  if (!times.data) {
    return <PrebookingLoad failed={times.isError} onRetry={() => void times.refetch()} />;
  }
  const { lounge, slots } = times.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amend.isPending || !time) return;
    setError(undefined);
    // The rule of step 1; the flight is no part of the quote (it costs nothing).
    const flightOk = isValidFlightNumber(flight);
    setFlightError(flightOk ? undefined : t('detail.flightInvalid'));
    if (!flightOk) return;
    const flightNumber = normaliseFlightNumber(flight);
    try {
      // Saved as quoted: the passes or card the member saw.
      const amended = await amend.mutateAsync({
        ...change,
        time,
        ...(flightNumber !== booking.flightNumber ? { flightNumber } : {}),
        ...((passes ?? quote.data?.passes) ? { passes: passes ?? quote.data?.passes } : {}),
      });
      if (amended.outcome === 'payment-required') {
        setToPay(amended.hold);
        return;
      }
      // The booking pages read it anew.
      void queryClient.invalidateQueries();
      setEnded({ done: doneOfAmended(amended) });
    } catch (failure) {
      setError(errorMessageOf(failure, t('amend.failed')));
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} busy={amend.isPending}>
      <VisitDateField
        place={lounge}
        value={date}
        onChange={(value) => {
          setDate(value);
          setTime(undefined);
        }}
      />
      <SlotGrid slots={slots} timeZone={lounge.timeZone} value={time} onChange={setTime} />
      <Passengers
        guests={guests}
        onGuests={setGuests}
        infants={infants}
        onInfants={setInfants}
        maxGuests={lounge.maxGuests}
        errors={undefined}
      />
      <FlightField value={flight} onChange={setFlight} error={flightError} />
      <ChangeTerms quote={quote.data} choice={passes} onPasses={setPasses} />
      <div className="prebooking__actions">
        <SubmitButton large busy={amend.isPending}>
          {t('amend.save')}
        </SubmitButton>
        <Link className="button button--secondary" to={bookingHref(booking.bookingId)}>
          {t('amend.cancel')}
        </Link>
      </div>
      <FormStatus>{amend.isPending ? t('amend.saving') : null}</FormStatus>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/**
 * /prebooking/amend?bookingId=…: a booked lounge visit changed until 48 hours before it (another
 * date or time, guests added or removed, another flight), by the same slot grid as booking.
 */
export function AmendPage({
  renderCardSelect,
}: {
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { t: tp } = useTranslation('pages');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const bookingId = params.get('bookingId') ?? '';
  // Back from the bank's 3-D Secure page with the change's order.
  const returning = params.get('threeDS') === 'return' ? params.get('orderId') : null;
  const [ended, setEnded] = useState<Ended | undefined>(undefined);
  const booking = useQuery({
    ...callQueryOptions(bookingCalls.bookingDetail, { bookingId }),
    meta: quiet,
    enabled: bookingId !== '',
  });
  const title = tp('prebooking.amend');
  return (
    <section className="page prebooking" aria-labelledby="amend-title">
      <PageTitle title={title} />
      <h1 id="amend-title">{title}</h1>
      <p>{t('amend.lead')}</p>
      {ended ? (
        <EndOfChange ended={ended} onAgain={() => setEnded(undefined)} />
      ) : returning ? (
        <ConfirmingChange
          orderId={returning}
          onFinal={(paid) => {
            void queryClient.invalidateQueries();
            setEnded(endedOf(paid));
            setParams({ bookingId }, { replace: true });
          }}
        />
      ) : booking.data ? (
        <>
          <p>
            {t('amend.booking', {
              id: booking.data.bookingId,
              lounge: booking.data.productName,
              date: formatVisitDay(booking.data.visitDate),
              time: booking.data.visitTime,
            })}
          </p>
          {booking.data.cancellation.refundable ? (
            <AmendForm booking={booking.data} renderCardSelect={renderCardSelect} />
          ) : (
            <p className="notice notice--error">{t('amend.notAmendable')}</p>
          )}
        </>
      ) : isApiError(booking.error, 'notFound') || bookingId === '' ? (
        <p className="notice notice--error">{t('amend.notAmendable')}</p>
      ) : (
        <PrebookingLoad failed={booking.isError} onRetry={() => void booking.refetch()} />
      )}
    </section>
  );
}
