import '../cards.css';
import type { PaymentCard } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { RadioGroup } from '@/shared/forms/radio-group';
import { Modal } from '@/shared/ui/modal';
import { usePaymentCards } from '../api/cards';
import { CARDS_NS } from '../i18n';
import { cardExpiry, cardLabel } from '../lib/card-label';
import { AddCardDialog } from './add-card-dialog';
import { CardsLoadState } from './cards-load-state';

interface CardSelectModalProps {
  /** The card already chosen, if any. */
  selectedId?: string | undefined;
  onSelect: (card: PaymentCard) => void;
  onClose: () => void;
}

/**
 * The payment card select/add modal (spec section 2) for a purchase: the member's cards that
 * have not expired, the default chosen first, or a new card added on the spot and chosen.
 */
export function CardSelectModal({ selectedId, onSelect, onClose }: CardSelectModalProps) {
  const { t } = useTranslation(CARDS_NS);
  const cards = usePaymentCards();
  // A card added here counts at once, before the list is read again.
  const [added, setAdded] = useState<PaymentCard | undefined>(undefined);
  const listed = cards.data ?? [];
  const usable = [
    ...listed,
    ...(added && !listed.some((card) => card.cardId === added.cardId) ? [added] : []),
  ].filter((card) => !card.isExpired);
  const [chosen, setChosen] = useState<string | undefined>(selectedId);
  const [adding, setAdding] = useState(false);
  const current =
    usable.find((card) => card.cardId === chosen) ??
    usable.find((card) => card.isDefault) ??
    usable[0];

  if (adding) {
    return (
      <AddCardDialog
        source="payment"
        onClose={() => setAdding(false)}
        onAdded={(card) => {
          setAdded(card);
          setChosen(card.cardId);
        }}
        // Card added: paying with it is the next step, so the success modal's button chooses it.
        successAction={
          added ? { label: t('select.use'), onClick: () => onSelect(added) } : undefined
        }
      />
    );
  }

  return (
    <Modal open title={t('select.title')} description={t('select.lead')} onOpenChange={onClose}>
      {!cards.data ? (
        <CardsLoadState failed={cards.isError} onRetry={() => void cards.refetch()} />
      ) : usable.length === 0 ? (
        <p>{t('select.none')}</p>
      ) : (
        <div className="card-select">
          <RadioGroup
            legend={t('select.cards')}
            name="payment-card"
            options={usable.map((card) => {
              const expiry = cardExpiry(card);
              return {
                value: card.cardId,
                label: `${cardLabel(card)}, ${t('list.expires', expiry)}`,
              };
            })}
            value={current?.cardId ?? ''}
            onChange={setChosen}
          />
        </div>
      )}
      <div className="modal__actions">
        {current ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => onSelect(current)}
          >
            {t('select.use')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
          {t('select.addNew')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('select.cancel')}
        </button>
      </div>
    </Modal>
  );
}
