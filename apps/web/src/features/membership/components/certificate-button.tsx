import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/shared/api/error-message';
import { downloadBlob } from '@/shared/lib/download-blob';
import { useDownloadCertificate } from '../api/membership';
import { MEMBERSHIP_NS } from '../i18n';

/** Fetches the membership certificate with the member's token and saves it as a PDF. */
export function CertificateButton({ dpid }: { dpid: string }) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const pdf = useDownloadCertificate();
  const busy = pdf.isPending;
  const download = () => {
    if (busy) return;
    pdf.mutate(dpid, {
      onSuccess: (blob) => downloadBlob(blob, `membership-certificate-${dpid.slice(-4)}.pdf`),
    });
  };
  return (
    <>
      {/* aria-disabled rather than disabled: the button keeps focus while the PDF is made. */}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={download}
      >
        {busy ? t('certificate.busy') : t('certificate.button')}
      </button>
      {pdf.isError ? (
        <p className="field__error" role="alert">
          {errorMessageOf(pdf.error, t('certificate.failed'))}
        </p>
      ) : null}
    </>
  );
}
