import type { Notice } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Link } from '@/shared/router';
import { markNoticeSeen } from '@/shared/agent-config/unseen-notice';
import { useDrawn } from '@/shared/lib/use-drawn';
import { ExternalLink } from '@/shared/ui/external-link';
import { Modal } from '@/shared/ui/modal';

/**
 * The first notice the visitor has not read yet (e.g. the visa service), once; then remembered.
 * Focus starts on its button, so Enter closes it rather than following the link away; the
 * cookie banner waits until it is closed (issue 21: one interruption at a time). It opens once the
 * home page behind it is drawn (useDrawn): the page's first paint does not wait for it, nor does
 * its opening lengthen the page's first commit (issue 23: one long task fewer on a first visit).
 */
export function ImportantNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation('pages');
  const drawn = useDrawn();
  const close = () => markNoticeSeen(notice.id);
  if (!drawn) return null;

  return (
    <Modal
      open
      title={notice.title}
      description={notice.text}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {notice.link ? (
        <p>
          {notice.link.url.startsWith('/') ? (
            <Link to={notice.link.url} onClick={close}>
              {notice.link.text}
            </Link>
          ) : (
            <ExternalLink href={notice.link.url}>{notice.link.text}</ExternalLink>
          )}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={close}>
          {t('home.noticeDismiss')}
        </button>
      </div>
    </Modal>
  );
}
