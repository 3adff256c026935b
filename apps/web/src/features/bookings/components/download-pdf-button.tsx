import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/shared/api/error-message';
import { useDownloadBookingPdf } from '../api/download-booking-pdf';
import { BOOKINGS_NS } from '../i18n';
import { downloadBlob } from '@/shared/lib/download-blob';

/** Fetches the confirmation PDF with the member's token and saves it as booking-ID.pdf. */
export function DownloadPdfButton({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(BOOKINGS_NS);
  const pdf = useDownloadBookingPdf();
  const busy = pdf.isPending;

  const download = () => {
    if (busy) return;
    pdf.mutate(bookingId, {
      onSuccess: (blob) => downloadBlob(blob, `booking-${bookingId}.pdf`),
    });
  };

  return (
    <div className="download-pdf">
      {/* aria-disabled rather than disabled: the button keeps focus while the PDF is made. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={download}
      >
        {busy ? t('pdf.busy') : t('pdf.button')}
      </button>
      {pdf.isError ? (
        <p className="field__error" role="alert">
          {errorMessageOf(pdf.error, t('pdf.failed'))}
        </p>
      ) : null}
    </div>
  );
}
