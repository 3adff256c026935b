import type { Booking } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { BOOKINGS_NS } from '../i18n';

/** "Lounge at London Heathrow Airport (LHR), Terminal 5". */
export function BookingWhere({ booking, className }: { booking: Booking; className?: string }) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <p className={className}>
      {t('list.where', {
        kind: t(`kind.${booking.kind}`),
        airport: t('value.airport', { name: booking.airportName, code: booking.airportCode }),
        terminal: booking.terminal,
      })}
    </p>
  );
}
