import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Modal } from '@/shared/ui/modal';
import { SIGN_UP_NS } from '../i18n';

interface NoticeModalProps {
  open: boolean;
  title: string;
  text: string;
  onClose: () => void;
  /** Shown above OK, e.g. the countdown of a lock. */
  children?: ReactNode;
}

/** What the server refused, said in a dialog the member closes with OK. */
export function NoticeModal({ open, title, text, onClose, children }: NoticeModalProps) {
  const { t } = useTranslation(SIGN_UP_NS);
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={title}
      description={text}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
    >
      {children}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('ok')}
        </button>
      </div>
    </Modal>
  );
}
