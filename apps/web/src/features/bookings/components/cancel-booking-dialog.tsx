import type { Booking } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-errors';
import { Modal } from '../../../shared/ui/modal';
import { useCancelBooking } from '../api/cancel-booking';
import { BOOKINGS_NS } from '../i18n';
import { errorMessage } from '../lib/error-message';
import { CancelRule } from './cancel-rule';

interface CancelBookingDialogProps {
  booking: Booking;
  open: boolean;
  onClose: () => void;
  onCancelled: (booking: Booking) => void;
}

/** Asks before cancelling, stating the refund rule for this booking; errors stay in it. */
export function CancelBookingDialog({
  booking,
  open,
  onClose,
  onCancelled,
}: CancelBookingDialogProps) {
  const { t } = useTranslation(BOOKINGS_NS);
  const cancel = useCancelBooking();
  // Cancelled or completed meanwhile: asking again cannot help.
  const final = isApiError(cancel.error, 'bookingAlreadyCancelled', 'bookingNotCancellable');
  const error = cancel.error ? (
    <p className="field__error" role="alert">
      {errorMessage(cancel.error, t('error.generic'))}
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

  return (
    <Modal
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={t('cancel.title', { bookingId: booking.bookingId })}
      description={final ? error : <CancelRule booking={booking} />}
    >
      {final ? null : error}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {final ? t('cancel.close') : t('cancel.keep')}
        </button>
        {final ? null : (
          <button
            type="button"
            className="button button--primary"
            aria-disabled={cancel.isPending || undefined}
            aria-busy={cancel.isPending || undefined}
            onClick={confirm}
          >
            {cancel.isPending ? t('cancel.busy') : t('cancel.confirm')}
          </button>
        )}
      </div>
    </Modal>
  );
}
