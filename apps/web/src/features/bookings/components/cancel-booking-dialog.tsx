import type { Booking } from '@portal/contract';
import { useRef } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { isApiError } from '@/shared/api/api-errors';
import { errorMessageOf } from '@/shared/api/error-message';
import { Modal } from '@/shared/ui/modal';
import { useCancelBooking } from '../api/cancel-booking';
import { BOOKINGS_NS } from '../i18n';
import type { BookingCheck } from '../lib/use-booking-check';
import { CancelRule } from './cancel-rule';

interface CancelBookingDialogProps {
  booking: Booking;
  open: boolean;
  /** The booking as the server answered when the dialog opened: the refund is said from it. */
  check: BookingCheck;
  onCheckAgain: () => void;
  onClose: () => void;
  onCancelled: (booking: Booking) => void;
}

/** Why a booking the page offered to cancel can no longer be cancelled. */
const notCancellableKey = (booking: Booking) =>
  booking.tab === 'cancelled'
    ? 'cancel.alreadyCancelled'
    : booking.tab === 'past'
      ? 'cancel.visitPassed'
      : 'cancel.notCancellable';

/**
 * Asks before cancelling. The refund rule comes only from the booking asked for again as the
 * dialog opens ("Checking…" until then, the body aria-busy); a booking that can no longer be
 * cancelled says why, with no way to confirm. Errors stay in the dialog.
 */
export function CancelBookingDialog({
  booking,
  open,
  check,
  onCheckAgain,
  onClose,
  onCancelled,
}: CancelBookingDialogProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  const cancel = useCancelBooking();
  const keepRef = useRef<HTMLButtonElement>(null);
  // Cancelled or completed meanwhile: asking again cannot help.
  const final = isApiError(cancel.error, 'bookingAlreadyCancelled', 'bookingNotCancellable');
  const fresh = check.state === 'answered' ? check.booking : undefined;
  const cancellable = fresh?.cancellation.allowed === true;
  const error = cancel.error ? (
    <p className="field__error" role="alert">
      {errorMessageOf(cancel.error, t('error.generic'))}
    </p>
  ) : null;

  const close = () => {
    if (!cancel.isPending) cancel.reset();
    onClose();
  };

  const confirm = () => {
    if (cancel.isPending) return;
    cancel.mutate(
      { bookingId: booking.bookingId },
      {
        onSuccess: (cancelled) => {
          cancel.reset();
          onCancelled(cancelled);
        },
      },
    );
  };

  const rule = (
    // Polite and busy while checking: the answer is read once it is there.
    <div className="cancel-dialog__rule" aria-live="polite" aria-busy={check.state === 'checking'}>
      {check.state === 'checking' ? (
        <p>{t('cancel.checking')}</p>
      ) : check.state === 'failed' ? (
        <p>{t('cancel.checkFailed')}</p>
      ) : cancellable ? (
        <CancelRule booking={check.booking} />
      ) : (
        <p>{t(notCancellableKey(check.booking))}</p>
      )}
    </div>
  );

  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={t('cancel.title', { bookingId: booking.bookingId })}
      description={final ? error : rule}
    >
      {final ? null : error}
      <div className="modal__actions">
        <button ref={keepRef} type="button" className="button button--secondary" onClick={close}>
          {final || (fresh && !cancellable) ? t('cancel.close') : t('cancel.keep')}
        </button>
        {!final && check.state === 'failed' ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              // The button goes while checking: focus stays in the dialog, on the safe choice.
              keepRef.current?.focus();
              onCheckAgain();
            }}
          >
            {t('error.tryAgain')}
          </button>
        ) : null}
        {!final && cancellable ? (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={cancel.isPending || undefined}
            aria-busy={cancel.isPending || undefined}
            onClick={confirm}
          >
            {cancel.isPending ? t('cancel.busy') : t('cancel.confirm')}
          </button>
        ) : null}
      </div>
    </Modal>
  );
}
