import type { BookableLounge } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatMoney } from '@/shared/lib/format-money';
import { PREBOOKING_NS } from '../i18n';
import { useGuestLimit } from '../lib/use-guest-limit';

/**
 * The lounge being booked: where it is, its hours that day, its rules (the guests the visit may
 * bring weighed with the membership chosen to pay passes, `dpid`) and its guest price.
 */
export function LoungeSummary({ lounge, dpid }: { lounge: BookableLounge; dpid?: string }) {
  const { t } = useTranslation(PREBOOKING_NS);
  const guests = useGuestLimit(lounge, dpid);
  const { conditions } = lounge;
  return (
    <div className="prebooking__lounge">
      <h2>{lounge.name}</h2>
      <p>
        {t('lounge.where', {
          terminal: lounge.terminal,
          side: t(`lounge.side.${lounge.side}`),
          airport: lounge.airportName,
          code: lounge.airportCode,
        })}
      </p>
      <p>{t('lounge.hours', { hours: lounge.hours })}</p>
      {conditions ? (
        <>
          <p>{t('lounge.maxStay', { count: conditions.maxStayHours })}</p>
          <p>{t('lounge.children', { text: conditions.children })}</p>
          <p>{t('lounge.dressCode', { text: conditions.dressCode })}</p>
          <p>{t('lounge.guests', { count: guests, text: conditions.guests })}</p>
        </>
      ) : null}
      <p>
        {lounge.guestPrice
          ? t('lounge.guestPrice', { price: formatMoney(lounge.guestPrice) })
          : t('lounge.noGuestPrice')}
      </p>
    </div>
  );
}
