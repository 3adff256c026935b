import type { PaymentReturn } from '@portal/contract';
import { useState } from 'react';
import { callDescriptors } from 'virtual:call-descriptors/payment';
import { callApi } from '@/shared/api/api-client';
import { paths } from '@/shared/config/paths';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ConfirmingPayment } from '@/shared/payment/confirming-payment';
import { Link, useSearchParams } from '@/shared/router';
import { PageTitle } from '@/shared/ui/page-title';
import { PAYMENT_RETURN_NS } from '../i18n';

/** Where the member goes to log in and see the purchase: a page of the portal, nothing else. */
const portalPath = (next: string | null) =>
  next?.startsWith('/') && !next.startsWith('//') ? next : undefined;

/**
 * /payment/return?ref=…: back from the bank's 3-D Secure page in a browser with no login here.
 * The order's return reference (made for this payment, good once) tells its outcome: confirming
 * first, then confirmed or unsuccessful, with the order reference. Nobody is logged in from the
 * address; "Log in to continue" leads to the purchase's own page after login.
 */
export function PaymentReturnPage() {
  const { t } = useTranslation(PAYMENT_RETURN_NS);
  const [params] = useSearchParams();
  const [ref] = useState(() => params.get('ref') ?? '');
  const next = portalPath(params.get('next'));
  const [told, setTold] = useState<PaymentReturn | 'unknown' | undefined>(() =>
    ref ? undefined : 'unknown',
  );

  const title =
    told === undefined
      ? t('title')
      : told === 'unknown'
        ? t('unknownTitle')
        : told.outcome === 'fulfilled'
          ? t('fulfilledTitle')
          : t('failedTitle');

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageTitle title={title} />
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {told === undefined ? (
        <ConfirmingPayment
          check={(signal) => callApi(callDescriptors.paymentReturnStatus, { ref }, { signal })}
          onFinal={(state) => setTold(state ?? 'unknown')}
          stillPending={t('stillPending')}
        />
      ) : told === 'unknown' ? (
        <p className="page__lead">{t('unknown')}</p>
      ) : (
        <>
          <p className="page__lead" role="status">
            {told.outcome === 'fulfilled' ? t(`purchase.${told.purchase}`) : t('failed')}
          </p>
          <p>{t('reference', { reference: told.reference })}</p>
          <p>{t('noLogin')}</p>
        </>
      )}
      {told === undefined ? null : (
        <p>
          <Link className="button button--primary" to={paths.login.getHref(next)}>
            {t('logIn')}
          </Link>
        </p>
      )}
    </section>
  );
}
