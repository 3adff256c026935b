import type { ProductDetail } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatMoney } from '@/shared/lib/format-money';
import { PageTitle } from '@/shared/ui/page-title';
import { productPictures } from '../api/get-product-detail';
import { AIRPORTS_NS } from '../i18n';
import { OpeningHoursTable } from './opening-hours-table';

/** The whole of one lounge, dining or spa offer. */
export function ProductDetailView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation(AIRPORTS_NS);
  const images = productPictures(product);
  return (
    <article className="page product-detail" aria-labelledby="page-title">
      <PageTitle title={product.name} />
      <p className="product-detail__back">
        <Link to={paths.airportDetail.getHref(product.airportCode, product.kind)}>
          {t('product.back', { airport: product.airportName })}
        </Link>
      </p>
      <h1 id="page-title">{product.name}</h1>
      <p className="page__lead">
        {t(`kind.${product.kind}`)} ·{' '}
        {t('product.where', {
          airport: product.airportName,
          terminal: product.terminal,
          side: t(`side.${product.side}`),
        })}
      </p>
      <div className="product-detail__layout">
        <div className="product-detail__main">
          <ul className="product-detail__images">
            {images.map((src) => (
              <li key={src}>
                <img src={src} alt="" width="800" height="500" />
              </li>
            ))}
          </ul>
          <p>{product.description}</p>

          <h2>{t('product.hoursTitle')}</h2>
          <p>
            <span className={product.openNow ? 'badge badge--open' : 'badge badge--closed'}>
              {product.openNow ? t('card.openNow') : t('card.closedNow')}
            </span>{' '}
            {t('card.today', { hours: product.hoursToday })}
          </p>
          <OpeningHoursTable hours={product.weeklyHours} timeZone={product.timeZone} />

          {product.facilities.length > 0 ? (
            <>
              <h2>{t('product.facilitiesTitle')}</h2>
              <ul className="facility-list">
                {product.facilities.map((facility) => (
                  <li key={facility}>{t(`facility.${facility}`)}</li>
                ))}
              </ul>
            </>
          ) : null}

          {product.conditions ? (
            <>
              <h2>{t('product.conditionsTitle')}</h2>
              <dl className="conditions">
                <dt>{t('product.maxStay')}</dt>
                <dd>{t('product.hoursCount', { count: product.conditions.maxStayHours })}</dd>
                <dt>{t('product.children')}</dt>
                <dd>{product.conditions.children}</dd>
                <dt>{t('product.dressCode')}</dt>
                <dd>{product.conditions.dressCode}</dd>
                <dt>{t('product.guests')}</dt>
                <dd>{product.conditions.guests}</dd>
              </dl>
            </>
          ) : null}

          {product.lane ? (
            <>
              <h2>{t('product.laneTitle')}</h2>
              <p>{product.lane}</p>
            </>
          ) : null}

          {product.offer || product.terms ? (
            <>
              <h2>
                {product.kind === 'fast-track' ? t('product.howToUse') : t('product.offerTitle')}
              </h2>
              {product.offer ? <p className="product-detail__offer">{product.offer}</p> : null}
              {product.terms ? <p>{product.terms}</p> : null}
            </>
          ) : null}

          <h2>{t('product.directionsTitle')}</h2>
          <p>{product.directions}</p>
        </div>
        <aside className="product-detail__aside" aria-labelledby="booking-title">
          <h2 id="booking-title">
            {product.kind === 'dining' || product.kind === 'spa'
              ? t('product.usingOfferTitle')
              : t('product.bookingTitle')}
          </h2>
          {product.price ? (
            <p className="product-detail__price">
              {t('card.price', { price: formatMoney(product.price) })}
            </p>
          ) : null}
          {product.kind === 'lounge' ? (
            <Link className="button button--primary" to={paths.prebooking.root.getHref(product.id)}>
              {t('product.prebook')}
            </Link>
          ) : product.kind === 'fast-track' ? (
            <Link
              className="button button--primary"
              to={paths.cipPrebooking.root.getHref(product.id)}
            >
              {t('product.prebook')}
            </Link>
          ) : (
            <>
              <p>{t('product.showOffer')}</p>
              <Link
                className="button button--primary"
                to={paths.offers.redeem.getHref(product.id, product.kind)}
              >
                {t('product.redeem')}
              </Link>
            </>
          )}
        </aside>
      </div>
    </article>
  );
}
