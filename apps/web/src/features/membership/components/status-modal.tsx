import type { Membership } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '@/shared/config/paths';
import { formatDay } from '@/shared/lib/format-dates';
import { Modal } from '@/shared/ui/modal';
import { MEMBERSHIP_NS } from '../i18n';

/**
 * What the membership's status means (spec section 4): active (until when, passes left),
 * expired (renew where the issuer sells it) or 'Membership Suspended' (contact support).
 */
export function StatusModal({
  membership,
  onClose,
}: {
  membership: Membership;
  onClose: () => void;
}) {
  const { t } = useTranslation(MEMBERSHIP_NS);
  const date = formatDay(membership.expiresOn);
  const { status } = membership;
  const text =
    status === 'active'
      ? t('status.activeText', { date, count: membership.entitlements.passesLeft })
      : status === 'expired'
        ? t('status.expiredText', { date })
        : t('status.suspendedText');
  return (
    <Modal
      open
      role={status === 'active' ? 'dialog' : 'alertdialog'}
      title={t(`status.${status}Title`)}
      description={text}
      onOpenChange={onClose}
    >
      <div className="modal__actions">
        {status === 'expired' ? (
          <Link className="button button--primary" to={paths.membership.buy.getHref()}>
            {t('overview.renew')}
          </Link>
        ) : null}
        {status === 'suspended' ? (
          <Link className="button button--primary" to={paths.contactUs.getHref()}>
            {t('status.contact')}
          </Link>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('status.close')}
        </button>
      </div>
    </Modal>
  );
}
