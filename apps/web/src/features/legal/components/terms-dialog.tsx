import '../legal.css';
import type { TermsItem } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ExternalLink } from '@/shared/ui/external-link';
import { Modal } from '@/shared/ui/modal';
import { LEGAL_NS } from '../i18n';

interface TermsDialogProps {
  items: readonly TermsItem[];
  /** list: one link per card type (coop); single: one card type's terms (barclays). */
  variant: 'list' | 'single';
  onClose: () => void;
}

export function TermsDialog({ items, variant, onClose }: TermsDialogProps) {
  const { t } = useTranslation(LEGAL_NS);
  const single = items[0];
  return (
    <Modal
      open
      title={t('termsDialog.title')}
      description={
        variant === 'list'
          ? t('termsDialog.listText')
          : t('termsDialog.singleText', { name: single?.cardType ?? '' })
      }
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {variant === 'list' ? (
        <ul className="terms-list">
          {items.map((item) => (
            <li key={item.url}>
              <ExternalLink href={item.url}>{item.text}</ExternalLink>
            </li>
          ))}
        </ul>
      ) : single ? (
        <>
          <p>{t('termsDialog.singleSummary')}</p>
          <p>
            <ExternalLink href={single.url}>
              {t('termsDialog.readFull', { text: single.text })}
            </ExternalLink>
          </p>
        </>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('termsDialog.close')}
        </button>
      </div>
    </Modal>
  );
}
