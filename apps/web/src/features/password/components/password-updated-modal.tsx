import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { Modal } from '@/shared/ui/modal';
import { PASSWORD_NS } from '../i18n';
import { UPDATE_SUCCESS_PARAM } from '../lib/update-success-param';

/**
 * The success popup after a password change, shown while the URL says showUpdatePwdSucc=1.
 * Closing it takes the flag out of the URL (replacing the entry), so a reload does not repeat it.
 */
export function PasswordUpdatedModal() {
  const { t } = useTranslation(PASSWORD_NS);
  const [params, setParams] = useSearchParams();
  const open = params.get(UPDATE_SUCCESS_PARAM) === '1';

  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(UPDATE_SUCCESS_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Modal
      open={open}
      title={t('updatedModal.title')}
      description={t('updatedModal.text')}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={close}>
          {t('updatedModal.ok')}
        </button>
      </div>
    </Modal>
  );
}
