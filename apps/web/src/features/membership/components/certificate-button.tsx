import { useTranslation } from '@/shared/i18n/use-translation';
import { DownloadButton } from '@/shared/ui/download-button';
import { useDownloadCertificate } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';

/** The membership certificate, saved as a PDF. */
export function CertificateButton({ dpid }: { dpid: string }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  return (
    <DownloadButton
      file={useDownloadCertificate()}
      variables={dpid}
      fileName={`membership-certificate-${dpid.slice(-4)}.pdf`}
      label={t('certificate.button')}
      busyLabel={t('certificate.busy')}
      failedText={t('certificate.failed')}
    />
  );
}
