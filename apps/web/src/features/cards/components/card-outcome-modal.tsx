import { useTranslation } from '@/shared/i18n/use-translation';
import { Modal } from '@/shared/ui/modal';
import { CARDS_NS } from '../i18n';
import { cardLabel } from '../lib/card-label';
import type { CardOutcome } from '../lib/card-outcome';

interface CardOutcomeModalProps {
  outcome: CardOutcome;
  onClose: () => void;
  /** Back to the form with what was typed (error), or a fresh form (Authentication Failed). */
  onTryAgain: () => void;
  /** The success modal's own way on, e.g. "Go to my account" after sign-up. */
  successAction?: { label: string; onClick: () => void } | undefined;
}

/**
 * What became of a card add: the 3-D Secure prompt, the wait for the bank, Card added,
 * Authentication Failed (try again or cancel), or an error that returns to the form.
 */
export function CardOutcomeModal({
  outcome,
  onClose,
  onTryAgain,
  successAction,
}: CardOutcomeModalProps) {
  const { t } = useTranslation(CARDS_NS);
  switch (outcome.view) {
    case 'verify':
      return (
        <Modal open title={t('verify.title')} description={t('verify.text')} onOpenChange={onClose}>
          <div className="modal__actions">
            <a className="button button--primary" href={outcome.url}>
              {t('verify.continue')}
            </a>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('verify.cancel')}
            </button>
          </div>
        </Modal>
      );
    case 'checking':
      return (
        <Modal
          open
          title={t('checking.title')}
          description={
            <p role="status" className="card-checking">
              <span className="card-spinner" aria-hidden="true" />
              {t('checking.text')}
            </p>
          }
        />
      );
    case 'success':
      return (
        <Modal
          open
          title={t('success.title')}
          description={t('success.text', { card: cardLabel(outcome.card) })}
          onOpenChange={onClose}
        >
          <div className="modal__actions">
            {successAction ? (
              <button
                type="button"
                className="button button--primary"
                onClick={successAction.onClick}
              >
                {successAction.label}
              </button>
            ) : (
              <button type="button" className="button button--primary" onClick={onClose}>
                {t('success.done')}
              </button>
            )}
          </div>
        </Modal>
      );
    case 'failed':
      return (
        <Modal
          open
          role="alertdialog"
          title={t('failed.title')}
          description={t('failed.text')}
          onOpenChange={onClose}
        >
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={onTryAgain}>
              {t('failed.tryAgain')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('failed.cancel')}
            </button>
          </div>
        </Modal>
      );
    case 'error':
      return (
        <Modal
          open
          role="alertdialog"
          title={t('error.title')}
          description={outcome.message}
          onOpenChange={onClose}
        >
          <div className="modal__actions">
            {outcome.back ? (
              <button type="button" className="button button--primary" onClick={onTryAgain}>
                {t('error.back')}
              </button>
            ) : null}
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('error.close')}
            </button>
          </div>
        </Modal>
      );
  }
}
