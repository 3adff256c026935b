import '../membership.css';
import type { OrderState } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useSearchParams } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatDay } from '@/shared/lib/format-dates';
import { formatMoney } from '@/shared/lib/format-money';
import { PageTitle } from '@/shared/ui/page-title';
import { orderStateQueryOptions } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';
import { Fact } from './fact';
import { MembershipLoad } from './membership-load';

/** The order the page is about (?orderId=), once read. */
function useOrderOfPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const order = useQuery({ ...orderStateQueryOptions(orderId), enabled: orderId !== '' });
  return { orderId, order };
}

function OrderPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="page page--narrow membership" aria-labelledby="membership-order-title">
      <PageTitle title={title} />
      <h1 id="membership-order-title">{title}</h1>
      {children}
    </section>
  );
}

function BackToMembership() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  return (
    <Link className="button button--secondary" to={paths.membership.overview.getHref()}>
      {t('success.toOverview')}
    </Link>
  );
}

function Receipt({ state }: { state: OrderState }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const membership = state.membership;
  return (
    <>
      <p>{t('success.lead')}</p>
      <dl className="membership__facts">
        <Fact term={t('success.reference')}>{state.reference}</Fact>
        <Fact term={t('success.bought')}>
          {state.lines.map((line) => line.description).join(', ')}
        </Fact>
        <Fact term={t('success.paid')}>
          {formatMoney({ amount: state.amount, currency: state.currency })}
        </Fact>
        {membership ? (
          <>
            <Fact term={t('success.passesLeft')} testId="passes-left">
              {membership.entitlements.passesLeft}
            </Fact>
            <Fact term={t('success.expires')}>{formatDay(membership.expiresOn)}</Fact>
          </>
        ) : null}
      </dl>
      <p>{t('success.receipt')}</p>
    </>
  );
}

/** /membership/success (Payment Complete): what was bought, the new entitlements, the reference. */
export function SuccessPage() {
  const { t: tp } = useTranslation('pages');
  const { orderId, order } = useOrderOfPage();
  return (
    <OrderPage title={tp('membership.success')}>
      {orderId === '' ? null : order.data ? (
        <Receipt state={order.data} />
      ) : (
        <MembershipLoad failed={order.isError} onRetry={() => void order.refetch()} />
      )}
      <div className="form__actions">
        <BackToMembership />
      </div>
    </OrderPage>
  );
}

/** Why an order failed, in the member's words. */
function failureText(state: OrderState | undefined, t: (key: string) => string): string {
  const reason = state?.failureReason;
  if (reason === '430285') return t('error.declined');
  if (reason === 'not-authenticated') return t('error.notAuthenticated');
  if (reason === 'membership-unavailable') return t('error.unavailable');
  return t('error.generic');
}

/** /membership/error (Purchase Unsuccessful): the reason, and a way back to try again. */
export function ErrorPage() {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const { t: tp } = useTranslation('pages');
  const { order } = useOrderOfPage();
  return (
    <OrderPage title={tp('membership.error')}>
      <div className="notice notice--error" role="alert">
        <p className="membership__error-title">{t('error.lead')}</p>
        <p>{failureText(order.data, t)}</p>
        {order.data ? <p>{t('error.reference', { reference: order.data.reference })}</p> : null}
      </div>
      <div className="form__actions">
        <Link className="button button--primary" to={paths.membership.buy.getHref()}>
          {t('error.tryAgain')}
        </Link>
        <BackToMembership />
      </div>
    </OrderPage>
  );
}
