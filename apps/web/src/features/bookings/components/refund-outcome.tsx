import { REFUND_WORKING_DAYS, type Booking } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { formatMoney } from '@/shared/lib/format-money';
import { BOOKINGS_NS } from '../i18n';
import { formatDay } from '@/shared/lib/format-dates';

/** What cancelling gave back: the card refund (on its way or made), the passes, or nothing. */
export function RefundOutcome({ booking }: { booking: Booking }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const { refund, paid, passesUsed, cancellation } = booking;
  const amount = formatMoney(refund.amount);
  const lines: string[] = [];

  if (refund.state === 'pending' && refund.amount.amount > 0) {
    lines.push(
      refund.dueBy
        ? t('refund.pending', { amount, days: REFUND_WORKING_DAYS, date: formatDay(refund.dueBy) })
        : t('refund.pendingNoDate', { amount, days: REFUND_WORKING_DAYS }),
    );
  }
  if (refund.state === 'refunded') lines.push(t('refund.refunded', { amount }));
  if (refund.passesReturned > 0) {
    lines.push(t('refund.passesReturned', { count: refund.passesReturned }));
  }
  if (lines.length === 0) {
    lines.push(
      paid.amount > 0 || passesUsed > 0
        ? t('refund.none', { hours: cancellation.noticeHours })
        : t('refund.nothingCharged'),
    );
  }

  return (
    <>
      {lines.map((line) => (
        <p key={line} className="refund-outcome">
          {line}
        </p>
      ))}
    </>
  );
}
