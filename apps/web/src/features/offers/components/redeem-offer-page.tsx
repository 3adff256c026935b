import '../offers.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link, useNavigate, useSearchParams } from '@/shared/router';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { paths } from '@/shared/config/paths';
import { LoadState } from '@/shared/ui/load-state';
import { PageTitle } from '@/shared/ui/page-title';
import { offerDetailQueryOptions, useRedeemOffer, type OfferKind } from '../api/offers';
import { OFFERS_NS } from '../i18n';
import { OfferNotFound } from './offer-not-found';
import { OfferTermsList } from './offer-terms-list';

/**
 * /offers/redeem?id=&kind=: the offer's terms before the member confirms (a visitor logs in and
 * comes back here); confirming issues the voucher, or shows the open one, and opens it.
 */
export function RedeemOfferPage() {
  const { t } = useTranslation(OFFERS_NS);
  const { t: tp } = useTranslation('pages');
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const kind: OfferKind = params.get('kind') === 'spa' ? 'spa' : 'dining';
  const detail = useQuery({ ...offerDetailQueryOptions(kind, id), enabled: id !== '' });
  const redeem = useRedeemOffer();
  const navigate = useNavigate();
  const title = tp('offers.redeem');

  if (!id || isApiError(detail.error, 'notFound', 'invalidRequest')) {
    return (
      <OfferNotFound
        title={t('redeem.notFoundTitle')}
        text={t('redeem.notFound')}
        to={paths.airport.getHref()}
        link={t('redeem.backToAirports')}
      />
    );
  }

  const product = detail.data;
  const confirm = () => {
    if (redeem.isPending) return;
    redeem.mutate(
      { kind, id },
      {
        onSuccess: (voucher) => void navigate(paths.offers.voucher.getHref(voucher.code)),
      },
    );
  };

  return (
    <section
      className="page page--narrow offer-page"
      aria-labelledby="page-title"
      aria-busy={detail.isPending}
    >
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      {product?.offerTerms ? (
        <>
          <p className="page__lead">
            {t('redeem.lead', {
              kind: t(`kind.${kind}`),
              outlet: product.name,
              terminal: product.terminal,
              airport: product.airportName,
            })}
          </p>
          <p>{t('redeem.intro')}</p>
          <h2>{t('redeem.termsTitle')}</h2>
          <OfferTermsList terms={product.offerTerms} />
          {product.terms ? (
            <>
              <h2>{t('redeem.conditionsTitle')}</h2>
              <p>{product.terms}</p>
            </>
          ) : null}
          {redeem.isError ? (
            <div className="notice notice--error" role="alert">
              <p>{errorMessageOf(redeem.error, t('redeem.failed'))}</p>
            </div>
          ) : null}
          <div className="offer-page__actions">
            {/* aria-disabled rather than disabled: the button keeps focus while it works. */}
            <button
              type="button"
              className="button button--primary"
              aria-disabled={redeem.isPending || undefined}
              aria-busy={redeem.isPending || undefined}
              onClick={confirm}
            >
              {redeem.isPending ? t('redeem.busy') : t('redeem.confirm')}
            </button>
            <Link
              className="button button--secondary"
              to={paths.productDetail.getHref(id, kind, product.airportCode)}
            >
              {t('redeem.cancel')}
            </Link>
          </div>
        </>
      ) : (
        <LoadState
          failed={detail.isError}
          onRetry={() => void detail.refetch()}
          loading={t('redeem.loading')}
          failedText={t('redeem.loadFailed')}
          retry={t('redeem.retry')}
        />
      )}
    </section>
  );
}
