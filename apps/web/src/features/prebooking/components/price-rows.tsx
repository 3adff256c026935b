import type { BookingPrice } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/lib/format-money';
import { PREBOOKING_NS } from '../i18n';

/** The price: passes used, passengers paying and at what, the total. */
export function PriceRows({ price }: { price: BookingPrice }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <dl className="prebooking__facts">
      <dt>{t('review.passesUsed')}</dt>
      <dd>{price.passesUsed}</dd>
      <dt>{t('review.paidPassengers')}</dt>
      <dd>
        {price.unitPrice && price.paidPassengers > 0
          ? t('review.each', {
              count: price.paidPassengers,
              price: formatMoney(price.unitPrice),
            })
          : price.paidPassengers}
      </dd>
      <dt>{t('review.total')}</dt>
      <dd>{formatMoney(price.total)}</dd>
    </dl>
  );
}
