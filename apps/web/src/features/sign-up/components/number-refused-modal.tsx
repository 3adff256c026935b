import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import type { ApiError } from '@/shared/api/api-errors';
import { paths } from '@/shared/config/paths';
import { Modal } from '@/shared/ui/modal';
import { SIGN_UP_NS } from '../i18n';

interface NumberRefusedModalProps {
  /** numberInUse, numberInUseRegistered, associatedAccountRegistered or membershipSuspended. */
  error: ApiError;
  onClose: () => void;
}

/**
 * A membership number that cannot be registered (spec section 8): one in use, or whose
 * associated account is registered, leads to log in; a suspended one to contact us.
 */
export function NumberRefusedModal({ error, onClose }: NumberRefusedModalProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  const suspended = error.name === 'membershipSuspended';
  return (
    <Modal
      open
      role="alertdialog"
      title={suspended ? t('suspended.title') : t('inUse.title')}
      description={suspended ? t('suspended.text') : error.message}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      <div className="modal__actions">
        {suspended ? (
          <Link className="button button--primary" to={paths.contactUs.getHref()}>
            {t('suspended.contactUs')}
          </Link>
        ) : (
          <Link className="button button--primary" to={paths.login.getHref()}>
            {t('logIn')}
          </Link>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  );
}
