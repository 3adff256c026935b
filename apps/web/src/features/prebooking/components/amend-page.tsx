import '../prebooking.css';
import type { Amended, Booking } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callDescriptors as bookingCalls } from 'virtual:call-descriptors/bookings';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { callMutationOptions, callQueryOptions } from '@/shared/api/query-options';
import { paths } from '@/shared/config/paths';
import { Form, FormStatus, SubmitButton } from '@/shared/forms/form';
import { formatVisitDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import { PageTitle } from '@/shared/ui/page-title';
import { prebookingCalls, useAvailableTimes } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { Passengers } from './passengers';
import { PrebookingLoad } from './prebooking-load';
import { SlotGrid } from './slot-grid';
import { VisitDateField } from './visit-date-field';

const quiet = { serverErrorOverlay: false } as const;
const bookingHref = (bookingId: string) =>
  `${paths.account.bookingDetail.getHref()}?${new URLSearchParams({ bookingId })}`;

/** What the change did: the new time, money and passes. */
function Done({ amended }: { amended: Amended }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const { booking } = amended;
  return (
    <div className="prebooking__panel" role="status">
      <p>
        {t('amend.done', {
          id: booking.bookingId,
          date: formatVisitDay(booking.date),
          time: booking.time,
        })}
      </p>
      {amended.refund.amount > 0 ? (
        <p>{t('amend.refund', { amount: formatMoney(amended.refund) })}</p>
      ) : null}
      {amended.passesReturned > 0 ? (
        <p>{t('amend.passesReturned', { count: amended.passesReturned })}</p>
      ) : null}
      {amended.passesUsed > 0 ? (
        <p>{t('amend.passesUsed', { count: amended.passesUsed })}</p>
      ) : null}
      <Link className="button button--primary" to={bookingHref(booking.bookingId)}>
        {t('amend.back')}
      </Link>
    </div>
  );
}

function AmendForm({ booking }: { booking: Booking }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const queryClient = useQueryClient();
  const [date, setDate] = useState(booking.visitDate);
  const [time, setTime] = useState<string | undefined>(booking.visitTime);
  const [guests, setGuests] = useState(booking.passengerNames.slice(1));
  const [infants, setInfants] = useState(
    Math.max(0, booking.passengers - booking.passengerNames.length),
  );
  const [error, setError] = useState<string | undefined>(undefined);
  const places = 1 + guests.length;
  const times = useAvailableTimes(booking.productId, date, places);
  const amend = useMutation({ ...callMutationOptions(prebookingCalls.amendBooking), meta: quiet });

  if (amend.data) return <Done amended={amend.data} />;
  if (!times.data) {
    return <PrebookingLoad failed={times.isError} onRetry={() => void times.refetch()} />;
  }
  const { lounge, slots } = times.data;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (amend.isPending || !time) return;
    setError(undefined);
    try {
      await amend.mutateAsync({
        bookingId: booking.bookingId,
        date,
        time,
        guests: guests.map((g) => g.trim()).filter((g) => g !== ''),
        infants,
      });
      // The booking pages read it anew.
      void queryClient.invalidateQueries();
    } catch (failure) {
      setError(errorMessageOf(failure, t('amend.failed')));
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)} busy={amend.isPending}>
      <VisitDateField
        lounge={lounge}
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
      <SubmitButton large busy={amend.isPending}>
        {t('amend.save')}
      </SubmitButton>
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
 * date or time, guests added or removed), by the same slot grid as booking.
 */
export function AmendPage() {
  const { t } = useTranslation(PREBOOKING_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const bookingId = params.get('bookingId') ?? '';
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
      {booking.data ? (
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
            <AmendForm booking={booking.data} />
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
