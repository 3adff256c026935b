import './payment.css';
import type { PaymentCard } from '@portal/contract';
import type { TFunction } from '@/shared/i18n/translator';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormStatus } from '@/shared/forms/form';
import { TextField } from '@/shared/forms/text-field';
import { PAYMENT_NS } from './i18n';
import { preselectedCard, usePaymentCards } from './payment-cards';

/** What the card-select modal of the cards feature takes (a purchase page renders it). */
export interface CardSelectProps {
  selectedId?: string | undefined;
  onSelect: (card: PaymentCard) => void;
  onClose: () => void;
}

export interface CardPaymentErrors {
  card?: string | undefined;
  cvv?: string | undefined;
}

const CVV = /^\d{3,4}$/;

/** The card and security code a payment needs, checked before anything is sent. */
export function cardPaymentErrors(
  t: TFunction,
  card: PaymentCard | undefined,
  cvv: string,
): CardPaymentErrors {
  return {
    ...(card ? {} : { card: t('cardRequired', { ns: PAYMENT_NS }) }),
    ...(cvv === ''
      ? { cvv: t('cvvRequired', { ns: PAYMENT_NS }) }
      : CVV.test(cvv)
        ? {}
        : { cvv: t('cvvInvalid', { ns: PAYMENT_NS }) }),
  };
}

/**
 * The payment step's fields (DESIGN §6): the saved card chosen in the card-select modal and its
 * security code, which goes straight to the provider (cacheCvv), never to the portal.
 */
export function CardPaymentFields({
  card,
  onChooseCard,
  cvv,
  onCvv,
  errors,
}: {
  card: PaymentCard | undefined;
  onChooseCard: () => void;
  cvv: string;
  onCvv: (cvv: string) => void;
  errors: CardPaymentErrors;
}) {
  const { t } = useTranslation(PAYMENT_NS);
  const chosenId = useId();
  return (
    <>
      <fieldset className="payment__card-choice">
        <legend>{t('card')}</legend>
        <p id={chosenId}>{card ? `${card.productName} •••• ${card.last4}` : t('noCard')}</p>
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={chosenId}
          onClick={onChooseCard}
        >
          {card ? t('changeCard') : t('chooseCard')}
        </button>
        {errors.card ? (
          <p className="field__error" role="alert">
            {errors.card}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label={t('cvv')}
        hint={t('cvvHint')}
        error={errors.cvv}
        value={cvv}
        onChange={(value) => onCvv(value.replace(/\D/g, '').slice(0, 4))}
        name="cvv"
        type="password"
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
      />
    </>
  );
}

const newCheckoutKey = () => crypto.randomUUID();

/**
 * A checkout's card and idempotency key: the member's default card (or only card) until they
 * choose another in the card-select modal the page renders (the modal itself while open), and
 * one key per checkout, so a double click or a retry after a lost answer is the same order.
 * Choosing a card starts a new checkout, as does `newCheckout` (another item, a failure);
 * `onChosen` runs then too (the card's error cleared).
 */
export function useCardCheckout(
  renderCardSelect: (props: CardSelectProps) => ReactNode,
  onChosen: () => void,
) {
  const cards = usePaymentCards();
  const [chosenCard, setCard] = useState<PaymentCard | undefined>(undefined);
  const card = chosenCard ?? preselectedCard(cards.data);
  const [choosing, setChoosing] = useState(false);
  const [checkoutKey, setCheckoutKey] = useState(newCheckoutKey);
  const newCheckout = () => setCheckoutKey(newCheckoutKey());
  const modal = choosing
    ? renderCardSelect({
        selectedId: card?.cardId,
        onSelect: (chosen) => {
          setCard(chosen);
          setChoosing(false);
          newCheckout();
          onChosen();
        },
        onClose: () => setChoosing(false),
      })
    : null;
  return { card, chooseCard: () => setChoosing(true), modal, checkoutKey, newCheckout };
}

/** Under a payment form: what it is doing now, and why it stopped. */
export function PaymentStatus({
  busy,
  error,
}: {
  busy: string | null;
  error?: string | undefined;
}) {
  return (
    <>
      <FormStatus>{busy}</FormStatus>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
