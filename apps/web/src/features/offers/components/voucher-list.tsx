import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { useMyVouchers } from '../api/offers';
import { OFFERS_NS } from '../i18n';

/** The member's dining and spa vouchers (My Bookings): each opens its voucher screen. */
export function VoucherList() {
  const { t } = useTranslation(OFFERS_NS);
  const list = useMyVouchers();
  const vouchers = list.data ?? [];
  if (vouchers.length === 0) return null;
  return (
    <section className="voucher-list" aria-labelledby="voucher-list-title">
      <h2 id="voucher-list-title">{t('list.title')}</h2>
      <ul>
        {vouchers.map((v) => (
          <li key={v.code}>
            <Link to={paths.offers.voucher.getHref(v.code)}>
              {v.status === 'open'
                ? t('list.open', {
                    outlet: v.outletName,
                    airport: v.airportCode,
                    code: v.code,
                    time: v.validUntil,
                  })
                : t('list.closed', {
                    outlet: v.outletName,
                    airport: v.airportCode,
                    status: t(`voucher.statusValue.${v.status}`),
                  })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
