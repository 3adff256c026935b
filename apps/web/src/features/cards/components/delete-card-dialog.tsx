import type { PaymentCard } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Modal } from '@/shared/ui/modal';
import { CARDS_NS } from '../i18n';
import { cardLabel } from '../lib/card-label';

interface DeleteCardDialogProps {
  card: PaymentCard;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete Visa ending 1111?": the safe choice first, where focus lands. */
export function DeleteCardDialog({ card, deleting, onCancel, onConfirm }: DeleteCardDialogProps) {
  const { t } = useTranslation(CARDS_NS);
  const cancel = () => {
    if (!deleting) onCancel();
  };
  return (
    <Modal
      open
      role="alertdialog"
      title={t('delete.title', { card: cardLabel(card) })}
      description={
        <>
          <p>{t('delete.text')}</p>
          {card.isDefault ? <p>{t('delete.defaultText')}</p> : null}
        </>
      }
      onOpenChange={cancel}
    >
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={cancel}>
          {t('delete.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-disabled={deleting || undefined}
          onClick={() => {
            if (!deleting) onConfirm();
          }}
        >
          {deleting ? t('delete.deleting') : t('delete.confirm')}
        </button>
      </div>
    </Modal>
  );
}
