import type { BookingOrderState, Hold } from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { callApi } from '@/shared/api/api-client';
import { Form, SubmitButton } from '@/shared/forms/form';
import { formatMoney } from '@/shared/lib/format-money';
import {
  CardPaymentFields,
  PaymentStatus,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { ConfirmingPayment } from '@/shared/payment/confirming-payment';
import { prebookingCalls } from '../api/prebooking';
import { PREBOOKING_NS } from '../i18n';
import { LOUNGE_FLOW } from '../lib/flows';
import { useHoldPayment } from '../lib/use-hold-payment';
import { refusedAfterPayment } from '../lib/refusals';
import { HoldCountdown, useHoldSeconds } from './hold-state';
import { PriceRows } from './price-rows';

/** What a change's payment came to: made (with the booking), refused, or not paid. */
export type ChangePaid =
  { outcome: 'changed'; state: BookingOrderState } | { outcome: 'refused' | 'failed' | 'expired' };

/** The final state of a change's order, as the amend page shows it. */
export function changePaidOf(state: BookingOrderState | undefined): ChangePaid {
  if (state?.outcome === 'fulfilled' && state.booking) return { outcome: 'changed', state };
  return { outcome: refusedAfterPayment(state?.failureReason) ? 'refused' : 'failed' };
}

/**
 * A change adding guests the passes do not cover: their places held (counting down), the price
 * of the added guests, and the saved card and its security code (straight to the provider);
 * 3-D Secure when the bank asks, back to this page to confirm.
 */
export function PayForChange({
  bookingId,
  hold,
  renderCardSelect,
  onPaid,
  onAgain,
}: {
  bookingId: string;
  hold: Hold;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
  onPaid: (paid: ChangePaid) => void;
  onAgain: () => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const seconds = useHoldSeconds(hold.expiresAt);
  const { price } = hold;
  const payment = useHoldPayment({
    flow: LOUNGE_FLOW,
    holdId: hold.holdId,
    free: false,
    renderCardSelect,
    returnParams: (orderId) => ({ bookingId, orderId, threeDS: 'return' }),
    onSettled: (state) => {
      const paid = changePaidOf(state);
      // Declined: nothing taken, the member may try another card.
      if (paid.outcome === 'failed') return t('amend.paymentFailed');
      onPaid(paid);
      return undefined;
    },
    onExpired: () => onPaid({ outcome: 'expired' }),
    failedText: t('amend.failed'),
  });

  if (seconds === 0 && !payment.paying) {
    return <NotChanged outcome="expired" onAgain={onAgain} />;
  }

  return (
    <section className="prebooking__panel" aria-labelledby="change-pay-title">
      <h2 id="change-pay-title">{t('amend.payTitle')}</h2>
      <p>{t('amend.payLead')}</p>
      <HoldCountdown seconds={seconds} />
      <PriceRows price={price} />
      <Form onSubmit={(event) => void payment.pay(event)} busy={payment.paying}>
        <CardPaymentFields {...payment.fields} />
        <SubmitButton large busy={payment.paying}>
          {t('amend.pay', { price: formatMoney(price.total) })}
        </SubmitButton>
        <PaymentStatus
          busy={payment.paying ? t('amend.paying') : null}
          error={payment.errors.form}
        />
      </Form>
      {payment.modal}
    </section>
  );
}

/** A paid change that was not made: why, and a way to start the change again. */
export function NotChanged({
  outcome,
  onAgain,
}: {
  outcome: 'refused' | 'failed' | 'expired';
  onAgain: () => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  const text = {
    refused: t('amend.refused'),
    failed: t('amend.paymentFailed'),
    expired: t('amend.expired'),
  }[outcome];
  return (
    <div className="notice notice--error" role="alert">
      <p>{text}</p>
      <button type="button" className="button button--primary" onClick={onAgain}>
        {t('amend.again')}
      </button>
    </div>
  );
}

/** Back from the bank: the change's order confirmed (or refused). */
export function ConfirmingChange({
  orderId,
  onFinal,
}: {
  orderId: string;
  onFinal: (paid: ChangePaid) => void;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <ConfirmingPayment
      className="prebooking__panel"
      stillPending={t('amend.stillPending')}
      check={(signal) => callApi(prebookingCalls.checkBookingPayment, { orderId }, { signal })}
      onFinal={(state) => onFinal(changePaidOf(state))}
    />
  );
}
