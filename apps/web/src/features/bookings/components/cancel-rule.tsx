import { REFUND_WORKING_DAYS, type Booking } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatMoney } from '@/shared/lib/format-money';
import { BOOKINGS_NS } from '../i18n';

/** What cancelling this booking now would give back, before the member confirms. */
export function CancelRule({ booking }: { booking: Booking }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const { paid, passesUsed, cancellation } = booking;
  const lines: string[] = [];

  if (!cancellation.refundable) {
    lines.push(t('cancel.noRefund', { hours: cancellation.noticeHours }));
  } else {
    if (paid.amount > 0) {
      lines.push(t('cancel.refundCard', { amount: formatMoney(paid), days: REFUND_WORKING_DAYS }));
    }
    if (passesUsed > 0) lines.push(t('cancel.refundPasses', { count: passesUsed }));
    if (lines.length === 0) lines.push(t('cancel.nothingCharged'));
  }
  lines.push(t('cancel.final'));

  return (
    <>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </>
  );
}
