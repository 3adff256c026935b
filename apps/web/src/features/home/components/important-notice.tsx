import type { Notice } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storage } from '@/shared/storage/storage';
import { useStorageValue } from '@/shared/storage/use-storage-value';
import { ExternalLink } from '@/shared/ui/external-link';
import { Modal } from '@/shared/ui/modal';

const none: readonly string[] = [];

/** The first notice the visitor has not read yet (e.g. the visa service), once; then remembered. */
export function ImportantNotice({ notices }: { notices: readonly Notice[] }) {
  const { t } = useTranslation('pages');
  const seen = useStorageValue('noticesSeen') ?? none;
  const notice = notices.find((n) => !seen.includes(n.id));
  if (!notice) return null;

  const close = () => storage.set('noticesSeen', [...seen, notice.id]);

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
        <button type="button" className="button button--primary" onClick={close}>
          {t('home.noticeDismiss')}
        </button>
      </div>
    </Modal>
  );
}
