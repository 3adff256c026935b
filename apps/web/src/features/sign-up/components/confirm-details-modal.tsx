import { formatMobile } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Modal } from '@/shared/ui/modal';
import { CodeRequestsBusy } from '@/shared/verification/code-requests-busy';
import { VERIFICATION_NS } from '@/shared/verification/i18n';
import { SIGN_UP_NS } from '../i18n';
import type { DetailsDraft } from '../lib/sign-up-draft';

interface ConfirmDetailsModalProps {
  details: DetailsDraft;
  sending: boolean;
  /** Code requests must wait (codeBusy): Yes does nothing until then. */
  busySecondsLeft: number;
  onYes: () => void;
  onNo: () => void;
}

/** The details as checked, before the code is sent: Yes sends it, No goes back to edit them. */
export function ConfirmDetailsModal({
  details,
  sending,
  busySecondsLeft,
  onYes,
  onNo,
}: ConfirmDetailsModalProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  const { t: tv } = useTranslation(VERIFICATION_NS);
  const busy = busySecondsLeft > 0;
  const rows = [
    [t('confirm.name'), `${details.firstName} ${details.lastName}`],
    [t('confirm.email'), details.email],
    [t('confirm.mobile'), formatMobile(details.mobileNoPrefix, details.mobileNo)],
    [t('confirm.sendBy'), tv(`sendType.${details.sendType}`)],
  ] as const;
  return (
    <Modal
      open
      title={t('confirm.title')}
      description={t('confirm.text')}
      onOpenChange={(isOpen) => {
        if (!isOpen) onNo();
      }}
    >
      <dl className="sign-up__summary">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {busy ? <CodeRequestsBusy secondsLeft={busySecondsLeft} /> : null}
      <p role="status" className="sign-up__status">
        {sending ? t('confirm.sending') : null}
      </p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={sending || busy || undefined}
          onClick={onYes}
        >
          {t('confirm.yes')}
        </button>
        <button type="button" className="button button--secondary" onClick={onNo}>
          {t('confirm.no')}
        </button>
      </div>
    </Modal>
  );
}
