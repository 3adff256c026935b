import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, Navigate, useNavigate, useSearchParams } from '@/shared/router';
import { Form, SubmitButton } from '@/shared/forms/form';
import { formatMoney } from '@/shared/lib/format-money';
import {
  CardPaymentFields,
  PaymentStatus,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { ConfirmingPayment } from '@/shared/payment/confirming-payment';
import type { ReviewBase } from '@portal/contract';
import { PREBOOKING_NS } from '../i18n';
import { flowReviewQuery, type BookingFlow } from '../lib/flows';
import { useHoldPayment } from '../lib/use-hold-payment';
import { HeldStep } from './hold-state';
import { PrebookingFrame } from './prebooking-frame';
import { PricePanel } from './price-rows';

const resultHref = (flow: BookingFlow, orderId: string) =>
  `${flow.paths.result.getHref()}?${new URLSearchParams({ orderId })}`;

/** Passes and payment: the saved card and its code when there is something to pay. */
function PayForm({
  flow,
  holdId,
  review,
  renderCardSelect,
  onExpired,
}: {
  flow: BookingFlow;
  holdId: string;
  review: ReviewBase;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
  onExpired: () => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const payment = useHoldPayment({
    flow,
    holdId,
    free: review.price.total.amount === 0,
    shownTotal: review.price.total,
    renderCardSelect,
    returnParams: (orderId) => ({ orderId, threeDS: 'return' }),
    onSettled: (state) => {
      void navigate(resultHref(flow, state.orderId));
      return undefined;
    },
    onExpired,
    failedText: t('payment.failed'),
  });
  // The price now, when it changed since the member saw it: shown, and confirmed by paying.
  const { newPrice, free } = payment;
  const price = newPrice ?? review.price;

  return (
    <>
      {newPrice ? (
        <p className="notice notice--error" role="alert">
          {t('payment.priceChanged', {
            was: formatMoney(review.price.total),
            now: formatMoney(newPrice.total),
          })}
        </p>
      ) : null}
      <PricePanel price={price} after={free ? <p>{t('payment.free')}</p> : null} />
      <Form onSubmit={(event) => void payment.pay(event)} busy={payment.paying}>
        {free ? null : <CardPaymentFields {...payment.fields} />}
        <div className="prebooking__actions">
          <Link className="button button--secondary" to={flow.paths.review.getHref()}>
            {t('payment.back')}
          </Link>
          <SubmitButton large busy={payment.paying}>
            {newPrice
              ? t('payment.confirmNewPrice', { price: formatMoney(price.total) })
              : free
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
  flow,
  holdId,
  expiresAt,
  renderCardSelect,
}: {
  flow: BookingFlow;
  holdId: string;
  expiresAt: string | undefined;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const review = useQuery(flowReviewQuery(flow, holdId));
  const [expired, setExpired] = useState(false);
  return (
    <HeldStep flow={flow} query={review} expiresAt={expiresAt} expired={expired}>
      {(data) => (
        <PayForm
          flow={flow}
          holdId={holdId}
          review={data}
          renderCardSelect={renderCardSelect}
          onExpired={() => setExpired(true)}
        />
      )}
    </HeldStep>
  );
}

/** Back from the bank: the order confirmed (or refused), then the result page. */
function Confirming({ flow, orderId }: { flow: BookingFlow; orderId: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <ConfirmingPayment
      className="prebooking__panel"
      stillPending={t('payment.stillPending')}
      check={(signal) => flow.checkOrder(orderId, signal)}
      onFinal={(state) => {
        if (state) queryClient.setQueryData(flow.orderKey(orderId), state);
        void navigate(resultHref(flow, orderId), { replace: true });
      }}
    />
  );
}

/**
 * The payment step of a booking flow (/prebooking/payment, /cipprebooking/payment): passes
 * first, the rest with a saved card whose security code goes straight to the provider; 3-D
 * Secure when the bank asks, and back here to confirm.
 */
export function PaymentPage({
  flow,
  renderCardSelect,
}: {
  flow: BookingFlow;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const returning = params.get('threeDS') === 'return' ? params.get('orderId') : null;
  const draft = flow.draft.read();
  return (
    <PrebookingFrame flow={flow} title={tp(`${flow.titles}.payment`)} step={flow.paymentStep}>
      {returning ? (
        <Confirming flow={flow} orderId={returning} />
      ) : draft?.holdId ? (
        <PaymentBody
          flow={flow}
          holdId={draft.holdId}
          expiresAt={draft.expiresAt}
          renderCardSelect={renderCardSelect}
        />
      ) : (
        <Navigate to={flow.paths.detail.getHref()} replace />
      )}
    </PrebookingFrame>
  );
}
