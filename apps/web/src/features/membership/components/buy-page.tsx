import '../membership.css';
import { REFUND_WORKING_DAYS, type ChargePrice } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { Form, SubmitButton } from '@/shared/forms/form';
import { RadioGroup } from '@/shared/forms/radio-group';
import { formatDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import { storage } from '@/shared/storage/storage';
import { PageTitle } from '@/shared/ui/page-title';
import { membershipStatusQueryOptions, useChargePrices, usePrepareOrder } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { SecurityCodeRefused, cacheCvv } from '@/shared/payment/cache-cvv';
import {
  CardPaymentFields,
  PaymentStatus,
  cardPaymentErrors,
  useCardCheckout,
  type CardSelectProps,
} from '@/shared/payment/card-payment-fields';
import { PAYMENT_NS } from '@/shared/payment/i18n';
import { ConfirmingPayment, orderOutcomeHref } from './confirming-payment';
import { MembershipLoad } from './membership-load';
import { NoMembership } from './no-membership';

export type { CardSelectProps };
const priceOf = (item: ChargePrice) =>
  formatMoney({ amount: item.amount, currency: item.currency });

/** What the page sells: pass packs (an active membership), or the membership itself (renewal). */
type Buying = 'passes' | 'membership';

const buyingOf = (items: readonly ChargePrice[]): Buying =>
  items.length > 0 && items.every((i) => i.kind === 'pass-pack') ? 'passes' : 'membership';

/**
 * What the page sells, for its title: the prices say; until they come, the membership the member
 * came from (cached by then: active buys passes); back from the bank, what was paid for
 * (chargeNum: the passes, 0 for a renewal).
 */
function useBuying(returning: boolean): Buying {
  const queryClient = useQueryClient();
  const prices = useChargePrices({ enabled: !returning });
  if (prices.data) return buyingOf(prices.data.items);
  if (returning) return (storage.get('chargeNum') ?? 0) > 0 ? 'passes' : 'membership';
  const inUse = queryClient.getQueryData(membershipStatusQueryOptions().queryKey)?.membership;
  return inUse?.status === 'active' ? 'passes' : 'membership';
}

/** How long what is bought lasts, and what happens to the money if it is not delivered. */
function PurchaseTerms({ item }: { item: ChargePrice }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const days = REFUND_WORKING_DAYS;
  const passes = item.kind === 'pass-pack';
  const until = passes ? item.validUntil : item.renewsUntil;
  return (
    <div className="membership__terms">
      <h2>{t('buy.termsTitle')}</h2>
      {until ? (
        <p>
          {passes
            ? t('buy.passesValid', { date: formatDay(until) })
            : t('buy.renewalValid', { date: formatDay(until) })}
        </p>
      ) : null}
      <p>{passes ? t('buy.passesRefund', { days }) : t('buy.renewalRefund', { days })}</p>
    </div>
  );
}

/** What to buy, the card to pay with and its security code, then the payment. */
function BuyForm({
  buying,
  renderCardSelect,
}: {
  buying: Buying;
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const prices = useChargePrices();
  const prepare = usePrepareOrder();
  const [chosenItem, setChosenItem] = useState<string | undefined>(undefined);
  const [cvv, setCvv] = useState('');
  const [errors, setErrors] = useState<{ cvv?: string; card?: string; form?: string }>({});
  const [paying, setPaying] = useState(false);
  // One key per checkout: a double click or a retry after a lost answer is the same order.
  const cardChoice = useCardCheckout(renderCardSelect, () =>
    setErrors((current) => ({ ...current, card: undefined })),
  );
  const { card, checkoutKey, newCheckout } = cardChoice;

  if (isApiError(prices.error, 'notFound')) return <NoMembership />;
  if (isApiError(prices.error, 'membershipSuspended')) {
    return (
      <p className="notice notice--error" role="alert">
        {prices.error.message}
      </p>
    );
  }
  if (!prices.data) {
    return <MembershipLoad failed={prices.isError} onRetry={() => void prices.refetch()} />;
  }
  const { items, dpid } = prices.data;
  if (items.length === 0) return <p>{t('buy.nothing')}</p>;
  const item = items.find((i) => i.item === chosenItem) ?? items[0]!;

  const pay = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying) return;
    const found = cardPaymentErrors(t, card, cvv);
    setErrors(found);
    if (!card || found.cvv) return;
    setPaying(true);
    try {
      await cacheCvv(card, cvv);
      storage.set('chargeNum', item.passes);
      const state = await prepare.mutateAsync({
        item: item.item,
        cardId: card.cardId,
        idempotencyKey: checkoutKey,
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
      void navigate(orderOutcomeHref(state.orderId, state.outcome === 'fulfilled'));
    } catch (error) {
      newCheckout();
      setCvv('');
      setErrors({
        form:
          error instanceof SecurityCodeRefused
            ? t('cvvRefused', { ns: PAYMENT_NS })
            : isApiError(error)
              ? error.message
              : t('buy.failed'),
      });
      setPaying(false);
    }
  };

  return (
    <>
      <p>
        {buying === 'passes'
          ? t('buy.lead', { last4: dpid.slice(-4) })
          : t('buy.leadRenewal', { last4: dpid.slice(-4) })}
      </p>
      <Form onSubmit={(event) => void pay(event)} busy={paying}>
        <RadioGroup
          legend={t('buy.items')}
          name="charge-item"
          options={items.map((i) => ({
            value: i.item,
            label: t('buy.item', { description: i.description, price: priceOf(i) }),
          }))}
          value={item.item}
          onChange={(value) => {
            setChosenItem(value);
            newCheckout();
          }}
        />
        <CardPaymentFields
          card={card}
          onChooseCard={cardChoice.chooseCard}
          cvv={cvv}
          onCvv={setCvv}
          errors={errors}
        />
        <PurchaseTerms item={item} />
        <SubmitButton large busy={paying}>
          {t('buy.pay', { price: priceOf(item) })}
        </SubmitButton>
        <PaymentStatus busy={paying ? t('buy.paying') : null} error={errors.form} />
      </Form>
      {cardChoice.modal}
    </>
  );
}

/**
 * /membership/buy: what the membership in use can buy (pass packs, or its renewal), how long it
 * lasts and the refund terms, paid with a saved card whose security code goes straight to the
 * provider; 3-D Secure when the bank asks; the return from the bank confirms the payment here.
 */
export function BuyPage({
  renderCardSelect,
}: {
  renderCardSelect: (props: CardSelectProps) => ReactNode;
}) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const returning = params.get('threeDS') === 'return' ? params.get('orderId') : null;
  const buying = useBuying(returning !== null);
  const title = buying === 'passes' ? t('buy.titlePasses') : tp('membership.buy');
  return (
    <section className="page page--narrow membership" aria-labelledby="membership-buy-title">
      <PageTitle title={title} />
      <h1 id="membership-buy-title">{title}</h1>
      {returning ? (
        <ConfirmingPayment orderId={returning} />
      ) : (
        <BuyForm buying={buying} renderCardSelect={renderCardSelect} />
      )}
    </section>
  );
}
