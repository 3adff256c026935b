import type { BookingOrderState, BookingPrice, Money } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { SecurityCodeRefused, cacheCvv } from '@/shared/payment/cache-cvv';
import {
  cardPaymentErrors,
  useCardCheckout,
  type CardPaymentErrors,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { PAYMENT_NS } from '@/shared/payment/i18n';
import { PREBOOKING_NS } from '../i18n';
import type { BookingFlow } from './flows';

export interface HoldPaymentOptions {
  /** Whose prepare-order pays (a lounge's, a lane's). */
  flow: BookingFlow;
  holdId: string;
  /** Passes cover it: no card is asked for. */
  free: boolean;
  /**
   * The total the page shows the member: paying confirms it (confirmedTotal), and the server
   * charges it only if it is still the price (else priceChanged, with the price now).
   */
  shownTotal?: Money;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
  /** The page's query while the provider has not answered (it asks check-payment-status). */
  returnParams: (orderId: string) => Record<string, string>;
  /** A final answer: the message to show when the payment was refused, else nothing. */
  onSettled: (state: BookingOrderState) => string | undefined;
  /** The hold lapsed before it was paid for ('Session expired'). */
  onExpired: () => void;
  /** Said when the call fails without a message of its own. */
  failedText: string;
}

/**
 * Paying for a hold (a booking, or a change adding paying guests) with prepare-order: the saved
 * card and its security code checked, the code handed to the provider (never to the portal),
 * one idempotency key per checkout, the bank's 3-D Secure page when it asks, and a new checkout
 * after a refusal. A price changed since the member saw it is not charged: `newPrice` is then
 * the price now, for the page to show, and paying again confirms it. `fields` goes to
 * CardPaymentFields.
 */
export function useHoldPayment(options: HoldPaymentOptions) {
  const { holdId } = options;
  /** The price now, when the server refused the one shown (priceChanged). */
  const [newPrice, setNewPrice] = useState<BookingPrice | undefined>(undefined);
  const free = newPrice ? newPrice.total.amount === 0 : options.free;
  const shownTotal = newPrice?.total ?? options.shownTotal;
  const { t } = useTranslation(PREBOOKING_NS);
  const [, setParams] = useSearchParams();
  const prepare = useMutation({
    mutationKey: [options.flow.kind, 'prepare-order'],
    mutationFn: options.flow.prepare,
    meta: { serverErrorOverlay: false },
  });
  const [cvv, setCvv] = useState('');
  const [errors, setErrors] = useState<CardPaymentErrors & { form?: string }>({});
  const [paying, setPaying] = useState(false);
  const cardChoice = useCardCheckout(options.renderCardSelect, () =>
    setErrors((current) => ({ ...current, card: undefined })),
  );
  const { card, checkoutKey, newCheckout } = cardChoice;

  const refused = (form: string) => {
    newCheckout();
    setCvv('');
    setErrors({ form });
    setPaying(false);
  };

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
        ...(shownTotal ? { confirmedTotal: shownTotal } : {}),
      });
      if (state.outcome === 'authenticate' && state.threeDSRedirectUrl) {
        // The bank's page; it sends the member back to the page's returnParams.
        window.location.assign(state.threeDSRedirectUrl);
        return;
      }
      if (state.outcome === 'pending') {
        setParams(options.returnParams(state.orderId), { replace: true });
        return;
      }
      const message = options.onSettled(state);
      if (message) refused(message);
    } catch (error) {
      if (isApiError(error, 'prebookSessionExpired')) {
        options.onExpired();
        return;
      }
      if (isApiError(error, 'priceChanged') && error.price) {
        // Nothing was charged: the price now is shown, and paying again confirms it (under a
        // checkout of its own); the card and its code stay chosen.
        newCheckout();
        setNewPrice(error.price);
        setErrors({});
        setPaying(false);
        return;
      }
      refused(
        error instanceof SecurityCodeRefused
          ? t('cvvRefused', { ns: PAYMENT_NS })
          : errorMessageOf(error, options.failedText),
      );
    }
  };

  return {
    pay,
    paying,
    free,
    newPrice,
    errors,
    modal: cardChoice.modal,
    fields: { card, onChooseCard: cardChoice.chooseCard, cvv, onCvv: setCvv, errors },
  };
}
