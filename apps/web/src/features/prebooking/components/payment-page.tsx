import type { BookingReview } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { callApi } from '@/shared/api/api-client';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { Form, SubmitButton } from '@/shared/forms/form';
import { formatMoney } from '@/shared/lib/format-money';
import { SecurityCodeRefused, cacheCvv } from '@/shared/payment/cache-cvv';
import {
  CardPaymentFields,
  PaymentStatus,
  cardPaymentErrors,
  useCardCheckout,
  type CardPaymentErrors,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { ConfirmingPayment } from '@/shared/payment/confirming-payment';
import { PAYMENT_NS } from '@/shared/payment/i18n';
import {
  bookingOrderQueryOptions,
  prebookingCalls,
  usePrepareBookingOrder,
  useReview,
} from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
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
  const [, setParams] = useSearchParams();
  const prepare = usePrepareBookingOrder();
  const [cvv, setCvv] = useState('');
  const [errors, setErrors] = useState<CardPaymentErrors & { form?: string }>({});
  const [paying, setPaying] = useState(false);
  // One key per checkout: a double click or a retry after a lost answer is the same order.
  const cardChoice = useCardCheckout(renderCardSelect, () =>
    setErrors((current) => ({ ...current, card: undefined })),
  );
  const { card, checkoutKey, newCheckout } = cardChoice;
  const { price } = review;
  const free = price.total.amount === 0;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying) return;
    if (!free) {
      const found = cardPaymentErrors(t, card, cvv);
      setErrors(found);
      if (!card || found.card || found.cvv) return;
    }
    setPaying(true);
    try {
      if (!free && card) await cacheCvv(card, cvv);
      const state = await prepare.mutateAsync({
        holdId,
        idempotencyKey: checkoutKey,
        ...(free || !card ? {} : { cardId: card.cardId }),
      });
      if (state.outcome === 'authenticate' && state.threeDSRedirectUrl) {
        // The bank's page; it sends the member back to ?orderId=…&threeDS=return.
        window.location.assign(state.threeDSRedirectUrl);
        return;
      }
      if (state.outcome === 'pending') {
        setParams({ orderId: state.orderId, threeDS: 'return' }, { replace: true });
        return;
      }
      void navigate(resultHref(state.orderId));
    } catch (error) {
      if (isApiError(error, 'prebookSessionExpired')) {
        onExpired();
        return;
      }
      newCheckout();
      setCvv('');
      setErrors({
        form:
          error instanceof SecurityCodeRefused
            ? t('cvvRefused', { ns: PAYMENT_NS })
            : errorMessageOf(error, t('payment.failed')),
      });
      setPaying(false);
    }
  };

  return (
    <>
      <section className="prebooking__panel" aria-labelledby="price-title">
        <h2 id="price-title">{t('review.price')}</h2>
        <PriceRows price={price} />
        {free ? <p>{t('payment.free')}</p> : null}
      </section>
      <Form onSubmit={(event) => void pay(event)} busy={paying}>
        {free ? null : (
          <CardPaymentFields
            card={card}
            onChooseCard={cardChoice.chooseCard}
            cvv={cvv}
            onCvv={setCvv}
            errors={errors}
          />
        )}
        <div className="prebooking__actions">
          <Link className="button button--secondary" to={paths.prebooking.review.getHref()}>
            {t('payment.back')}
          </Link>
          <SubmitButton large busy={paying}>
            {free
              ? t('payment.confirmFree')
              : t('payment.pay', { price: formatMoney(price.total) })}
          </SubmitButton>
        </div>
        <PaymentStatus busy={paying ? t('payment.paying') : null} error={errors.form} />
      </Form>
      {cardChoice.modal}
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
