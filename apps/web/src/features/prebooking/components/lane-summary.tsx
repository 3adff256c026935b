import type { BookableLane } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatMoney } from '@/shared/lib/format-money';
import { PREBOOKING_NS } from '../i18n';

/** The fast-track lane being booked: where it is, its hours that day, its price and rules. */
export function LaneSummary({ lane }: { lane: BookableLane }) {
  const { t } = useTranslation(PREBOOKING_NS);
  return (
    <div className="prebooking__lounge">
      <h2>{lane.name}</h2>
      {lane.lane ? <p>{lane.lane}</p> : null}
      <p>
        {t('lane.where', {
          terminal: lane.terminal,
          airport: lane.airportName,
          code: lane.airportCode,
        })}
      </p>
      <p>{t('lane.hours', { hours: lane.hours })}</p>
      <p>
        {lane.pricePerPerson
          ? t('lane.price', { price: formatMoney(lane.pricePerPerson) })
          : t('lane.noPrice')}
      </p>
      <p>{t('lane.cap', { count: lane.maxPassengers })}</p>
      <p>{t(lane.childRule === 'free-with-adult' ? 'lane.childFree' : 'lane.childCounted')}</p>
    </div>
  );
}
