import { useTranslation } from '@/shared/i18n/use-translation';
import { DownloadButton } from '@/shared/ui/download-button';
import { useDownloadBookingCalendar, useDownloadBookingPdf } from '../api/download-booking-pdf';
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

/** The booking as an .ics file for the member's calendar (the visit in the airport's time). */
export function DownloadCalendarButton({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation(BOOKINGS_NS);
  return (
    <div className="download-pdf">
      <DownloadButton
        file={useDownloadBookingCalendar()}
        variables={{ bookingId }}
        fileName={`booking-${bookingId}.ics`}
        label={t('calendar.button')}
        busyLabel={t('calendar.busy')}
        failedText={t('calendar.failed')}
      />
    </div>
  );
}
