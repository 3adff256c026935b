import type { ProductSummary } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatMoney } from '@/shared/lib/format-money';
import { PageTitle } from '@/shared/ui/page-title';
import { AIRPORTS_NS } from '../i18n';

/** One fast-track lane: where, today's hours, price, and Pre-book. */
export function FastTrackView({ lane }: { lane: ProductSummary }) {
  const { t } = useTranslation(AIRPORTS_NS);
  return (
    <article className="page product-detail" aria-labelledby="page-title">
      <PageTitle title={lane.name} />
      <p className="product-detail__back">
        <Link to={paths.airportDetail.getHref(lane.airportCode, lane.kind)}>
          {t('product.back', { airport: lane.airportCode })}
        </Link>
      </p>
      <h1 id="page-title">{lane.name}</h1>
      <p className="page__lead">
        {t('kind.fast-track')} ·{' '}
        {t('card.where', { terminal: lane.terminal, side: t(`side.${lane.side}`) })}
      </p>
      <div className="product-detail__layout">
        <div className="product-detail__main">
          <img src={lane.image} alt="" width="800" height="500" />
          <h2>{t('product.hoursTitle')}</h2>
          <p>
            <span className={lane.openNow ? 'badge badge--open' : 'badge badge--closed'}>
              {lane.openNow ? t('card.openNow') : t('card.closedNow')}
            </span>{' '}
            {t('card.today', { hours: lane.hoursToday })}
          </p>
          {lane.offer ? <p>{lane.offer}</p> : null}
        </div>
        <aside className="product-detail__aside" aria-labelledby="booking-title">
          <h2 id="booking-title">{t('product.bookingTitle')}</h2>
          {lane.price ? (
            <p className="product-detail__price">
              {t('card.price', { price: formatMoney(lane.price) })}
            </p>
          ) : null}
          <Link className="button button--primary" to={paths.cipPrebooking.root.getHref(lane.id)}>
            {t('product.prebook')}
          </Link>
        </aside>
      </div>
    </article>
  );
}
