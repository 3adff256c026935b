import type { BookingReview } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '@/shared/api/api-client';
import { isApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { Form, SubmitButton } from '@/shared/forms/form';
import { formatMoney } from '@/shared/lib/format-money';
import {
  CardPaymentFields,
  PaymentStatus,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { ConfirmingPayment } from '@/shared/payment/confirming-payment';
import { bookingOrderQueryOptions, prebookingCalls, useReview } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { useHoldPayment } from '../lib/use-hold-payment';
import { readDraft } from '../lib/draft';
import { HoldCountdown, SessionExpired, useHoldSeconds } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { PrebookingLoad } from './prebooking-load';
import { PriceRows } from './review-page';

const resultHref = (orderId: string) =>
  `${paths.prebooking.result.getHref()}?${new URLSearchParams({ orderId })}`;

/** Passes and payment: the saved card and its code when there is something to pay. */
function PayForm({
  holdId,
  review,
  renderCardSelect,
  onExpired,
}: {
  holdId: string;
  review: BookingReview;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
  onExpired: () => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const { price } = review;
  const free = price.total.amount === 0;
  const payment = useHoldPayment({
    holdId,
    free,
    renderCardSelect,
    returnParams: (orderId) => ({ orderId, threeDS: 'return' }),
    onSettled: (state) => {
      void navigate(resultHref(state.orderId));
      return undefined;
    },
    onExpired,
    failedText: t('payment.failed'),
  });

  return (
    <>
      <section className="prebooking__panel" aria-labelledby="price-title">
        <h2 id="price-title">{t('review.price')}</h2>
        <PriceRows price={price} />
        {free ? <p>{t('payment.free')}</p> : null}
      </section>
      <Form onSubmit={(event) => void payment.pay(event)} busy={payment.paying}>
        {free ? null : <CardPaymentFields {...payment.fields} />}
        <div className="prebooking__actions">
          <Link className="button button--secondary" to={paths.prebooking.review.getHref()}>
            {t('payment.back')}
          </Link>
          <SubmitButton large busy={payment.paying}>
            {free
              ? t('payment.confirmFree')
              : t('payment.pay', { price: formatMoney(price.total) })}
          </SubmitButton>
        </div>
        <PaymentStatus
          busy={payment.paying ? t('payment.paying') : null}
          error={payment.errors.form}
        />
      </Form>
      {payment.modal}
    </>
  );
}

function PaymentBody({
  holdId,
  expiresAt,
  renderCardSelect,
}: {
  holdId: string;
  expiresAt: string | undefined;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const review = useReview(holdId);
  const seconds = useHoldSeconds(expiresAt);
  const [expired, setExpired] = useState(false);
  if (expired || seconds === 0 || isApiError(review.error, 'prebookSessionExpired')) {
    return <SessionExpired />;
  }
  if (isApiError(review.error, 'notFound')) {
    return <Navigate to={paths.prebooking.detail.getHref()} replace />;
  }
  if (!review.data) {
    return <PrebookingLoad failed={review.isError} onRetry={() => void review.refetch()} />;
  }
  return (
    <>
      <HoldCountdown seconds={seconds} />
      <PayForm
        holdId={holdId}
        review={review.data}
        renderCardSelect={renderCardSelect}
        onExpired={() => setExpired(true)}
      />
    </>
  );
}

/** Back from the bank: the order confirmed (or refused), then the result page. */
function Confirming({ orderId }: { orderId: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmingPayment
      className="prebooking__panel"
      stillPending={t('payment.stillPending')}
      check={(signal) => callApi(prebookingCalls.checkBookingPayment, { orderId }, { signal })}
      onFinal={(state) => {
        if (state) queryClient.setQueryData(bookingOrderQueryOptions(orderId).queryKey, state);
        void navigate(resultHref(orderId), { replace: true });
      }}
    />
  );
}

/**
 * /prebooking/payment (step 3): passes first, the rest with a saved card whose security code
 * goes straight to the provider; 3-D Secure when the bank asks, and back here to confirm.
 */
export function PaymentPage({
  renderCardSelect,
}: {
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const returning = params.get('threeDS') === 'return' ? params.get('orderId') : null;
  const draft = readDraft();
  return (
    <PrebookingFrame title={tp('prebooking.payment')} step={3}>
      {returning ? (
        <Confirming orderId={returning} />
      ) : draft?.holdId ? (
        <PaymentBody
          holdId={draft.holdId}
          expiresAt={draft.expiresAt}
          renderCardSelect={renderCardSelect}
        />
      ) : (
        <Navigate to={paths.prebooking.detail.getHref()} replace />
      )}
    </PrebookingFrame>
  );
}
