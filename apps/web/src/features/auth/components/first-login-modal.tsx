import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { Modal } from '@/shared/ui/modal';
import { AUTH_NS } from '../i18n';

/** A member's first login (isFirstLogin) invites them to add a payment card (spec section 2). */
export function FirstLoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(AUTH_NS);
  return (
    <Modal
      open
      title={t('firstLogin.title')}
      description={t('firstLogin.text')}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="modal__actions">
        <Link
          className="button button--primary"
          to={`${paths.account.cards.getHref()}?add=1`}
          onClick={onClose}
        >
          {t('firstLogin.addCard')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('firstLogin.notNow')}
        </button>
      </div>
    </Modal>
  );
}
