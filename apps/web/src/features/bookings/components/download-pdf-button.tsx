import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/shared/ui/download-button';
import { useDownloadBookingPdf } from '../api/download-booking-pdf';
import { BOOKINGS_NS } from '../i18n';

/** Fetches the confirmation PDF with the member's token and saves it as booking-ID.pdf. */
export function DownloadPdfButton({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <div className="download-pdf">
      <DownloadButton
        file={useDownloadBookingPdf()}
        variables={bookingId}
        fileName={`booking-${bookingId}.pdf`}
        label={t('pdf.button')}
        busyLabel={t('pdf.busy')}
        failedText={t('pdf.failed')}
      />
    </div>
  );
}
