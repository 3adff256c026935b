import {
  formatMobile,
  joinPlace,
  type BookablePlace,
  type BookingContact,
  type BookingPrice,
} from '@portal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
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

/** The price of a booking as its own panel; `before` and `after` go around the rows. */
export function PricePanel({
  price,
  before,
  after,
}: {
  price: BookingPrice;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <section className="prebooking__panel" aria-labelledby="price-title">
      <h2 id="price-title">{t('review.price')}</h2>
      {before}
      <PriceRows price={price} />
      {after}
    </section>
  );
}

/** The visit under review: its title, where (the place, terminal, airport) and its facts. */
export function VisitPanel({
  title,
  place,
  children,
}: {
  title: string;
  place: BookablePlace;
  children: ReactNode;
}) {
  return (
    <section className="prebooking__panel" aria-labelledby="visit-title">
      <h2 id="visit-title">{title}</h2>
      <p>{joinPlace([place.name, place.terminal, place.airportName])}</p>
      {children}
    </section>
  );
}

/** The contact details a booking's confirmation goes to. */
export function ContactRows({ contact }: { contact: BookingContact }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <dl className="prebooking__facts">
      <dt>{t('review.name')}</dt>
      <dd>{`${contact.firstName} ${contact.lastName}`}</dd>
      <dt>{t('review.email')}</dt>
      <dd>{contact.email}</dd>
      <dt>{t('review.mobile')}</dt>
      <dd>{formatMobile(contact.mobileNoPrefix, contact.mobileNo)}</dd>
    </dl>
  );
}
