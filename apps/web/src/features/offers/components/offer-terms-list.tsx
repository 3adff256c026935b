import type { OfferTerms } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatMoney } from '@/shared/lib/format-money';
import { OFFERS_NS } from '../i18n';

/** What redeeming gives, the same before confirming, on the voucher and on its PDF. */
export function OfferTermsList({ terms }: { terms: OfferTerms }) {
  const { t } = useTranslation(OFFERS_NS);
  return (
    <dl className="offer-terms">
      <dt>{t('terms.offer')}</dt>
      <dd>{terms.benefit}</dd>
      {terms.credit ? (
        <>
          <dt>{t('terms.credit')}</dt>
          <dd>{formatMoney(terms.credit)}</dd>
        </>
      ) : null}
      {terms.passBuys ? (
        <>
          <dt>{t('terms.passes')}</dt>
          <dd>{t('terms.passBuys', { what: terms.passBuys })}</dd>
        </>
      ) : null}
      <dt>{t('terms.guests')}</dt>
      <dd>
        {terms.guests > 0 ? t('terms.guestsCount', { count: terms.guests }) : t('terms.guestsNone')}
      </dd>
      <dt>{t('terms.cashBack')}</dt>
      <dd>{t('terms.noCashBack')}</dd>
    </dl>
  );
}
