import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { paths } from '../config/paths';
import { useOnlineStatus } from '../lib/use-online-status';
import { Modal } from './modal';

interface ServerErrorDialogProps {
  open: boolean;
  /** "Error 503: Service Unavailable" and the like; left out when there is no status. */
  detail?: string | undefined;
  /** Without it the dialog offers no retry (unknown paths, spec section 2). */
  onRetry?: (() => void) | undefined;
  onOpenChange?: (open: boolean) => void;
  body?: string | undefined;
}

export function ServerErrorDialog({
  open,
  detail,
  onRetry,
  onOpenChange,
  body,
}: ServerErrorDialogProps) {
  const { t } = useTranslation();
  // Offline, the No-internet dialog says why and asks again: this one waits for the connection
  // rather than show with it (one dialog at a time, issue 60).
  const online = useOnlineStatus();
  return (
    <Modal
      open={open && online}
      role="alertdialog"
      {...(onOpenChange ? { onOpenChange } : {})}
      title={t('serverError.title')}
      description={body ?? t('serverError.body')}
    >
      {detail ? <p className="modal__detail">{detail}</p> : null}
      <div className="modal__actions">
        {onRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('serverError.tryAgain')}
          </button>
        ) : null}
        <Link
          className={onRetry ? 'button button--secondary' : 'button button--primary'}
          to={paths.home.getHref()}
          onClick={() => onOpenChange?.(false)}
        >
          {t('serverError.goHome')}
        </Link>
      </div>
    </Modal>
  );
}
