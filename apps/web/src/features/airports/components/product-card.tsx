import type { ProductSummary } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatMoney } from '@/shared/lib/format-money';
import { AIRPORTS_NS } from '../i18n';

/** One offer in a list: name (to its page), where, open now and today's hours, price, offer. */
export function ProductCard({ product }: { product: ProductSummary }) {
  const { t } = useTranslation(AIRPORTS_NS);
  return (
    <li className="product-card">
      <img
        className="product-card__image"
        src={product.image}
        alt=""
        loading="lazy"
        width="320"
        height="180"
      />
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={paths.productDetail.getHref(product.id, product.kind, product.airportCode)}>
            {product.name}
          </Link>
        </h3>
        <p className="product-card__where">
          {t('card.where', { terminal: product.terminal, side: t(`side.${product.side}`) })}
        </p>
        <p className="product-card__hours">
          <span className={product.openNow ? 'badge badge--open' : 'badge badge--closed'}>
            {product.openNow ? t('card.openNow') : t('card.closedNow')}
          </span>{' '}
          {t('card.today', { hours: product.hoursToday })}
        </p>
        {product.price ? (
          <p className="product-card__price">
            {t('card.price', { price: formatMoney(product.price) })}
          </p>
        ) : null}
        {product.offer ? <p className="product-card__offer">{product.offer}</p> : null}
      </div>
    </li>
  );
}
