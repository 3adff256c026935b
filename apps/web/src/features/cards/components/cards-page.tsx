import '../cards.css';
import type { PaymentCard } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useSearchParams } from '@/shared/router';
import { PageTitle } from '@/shared/ui/page-title';
import { useDeleteCard, usePaymentCards, useSetDefaultCard } from '../api/cards';
import { CARDS_NS } from '../i18n';
import { cardLabel } from '../lib/card-label';
import { AddCardDialog } from './add-card-dialog';
import { CardsLoadState } from './cards-load-state';
import { CardItem } from './card-item';
import { CardReturnModal } from './card-return-modal';
import { DeleteCardDialog } from './delete-card-dialog';

/**
 * /account/cards: the member's saved cards (default first), make one the default, delete with
 * a confirmation, add a new one (also opened by ?add=1, the first-login invitation), and the
 * outcome when the bank's 3-D Secure page sends the member back here.
 */
export function CardsPage() {
  const { t } = useTranslation(CARDS_NS);
  const { t: tp } = useTranslation('pages');
  const title = tp('account.cards');
  const cards = usePaymentCards();
  const setDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const [params, setParams] = useSearchParams();
  // ?add=1 (the first-login invitation) opens the form, also when it arrives on this page.
  const fromInvitation = params.get('add') === '1';
  const [addingHere, setAdding] = useState(false);
  const adding = addingHere || fromInvitation;
  // Set when the list changes under the member's focus (a card deleted, a new default): focus
  // goes to the list's heading (or the add button) once the page shows the change.
  const [moveFocus, setMoveFocus] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (moveFocus === 0) return;
    (listHeading.current ?? addButton.current)?.focus();
  }, [moveFocus]);
  const [deleting, setDeleting] = useState<PaymentCard | undefined>(undefined);
  const [status, setStatus] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const busy = setDefault.isPending || remove.isPending;
  const failed = setDefault.isError || remove.isError;

  const openAdd = () => {
    setStatus('');
    setAdding(true);
  };
  const closeAdd = () => {
    setAdding(false);
    if (params.has('add')) {
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete('add');
          return rest;
        },
        { replace: true },
      );
    }
  };

  const makeDefault = (card: PaymentCard) => {
    setStatus('');
    setDefault.mutate(
      { cardId: card.cardId },
      {
        onSuccess: () => {
          setStatus(t('list.defaultChanged', { card: cardLabel(card) }));
          // The pressed button is gone (the card is the default now).
          setMoveFocus((n) => n + 1);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const card = deleting;
    remove.mutate(
      { cardId: card.cardId },
      {
        onSuccess: () => {
          setDeleting(undefined);
          setStatus(t('list.deleted', { card: cardLabel(card) }));
          // The card's buttons are gone: focus goes somewhere that stays, once the dialog is.
          setMoveFocus((n) => n + 1);
        },
        onError: () => setDeleting(undefined),
      },
    );
  };

  return (
    <section className="cards-page" aria-labelledby="page-title" aria-busy={cards.isPending}>
      <PageTitle title={title} />
      <h1 id="page-title">{title}</h1>
      <p className="page__lead">{t('list.lead')}</p>
      <p>
        <button ref={addButton} type="button" className="button button--primary" onClick={openAdd}>
          {t('list.add')}
        </button>
      </p>
      <div role="status" className="cards-page__status">
        {status}
      </div>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t('list.changeFailed')}
        </p>
      ) : null}
      {!cards.data ? (
        <CardsLoadState failed={cards.isError} onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <p className="cards-empty">{t('list.empty')}</p>
      ) : (
        <section aria-labelledby="cards-title">
          <h2 id="cards-title" ref={listHeading} tabIndex={-1}>
            {t('list.title')}
          </h2>
          <ul className="card-list">
            {cards.data.map((card) => (
              <CardItem
                key={card.cardId}
                card={card}
                busy={busy}
                onSetDefault={() => makeDefault(card)}
                onDelete={() => {
                  setStatus('');
                  remove.reset();
                  setDeleting(card);
                }}
              />
            ))}
          </ul>
        </section>
      )}
      {adding ? (
        <AddCardDialog source={fromInvitation ? 'first-login' : 'account'} onClose={closeAdd} />
      ) : null}
      {deleting ? (
        <DeleteCardDialog
          card={deleting}
          deleting={remove.isPending}
          onCancel={() => setDeleting(undefined)}
          onConfirm={confirmDelete}
        />
      ) : null}
      <CardReturnModal onTryAgain={openAdd} />
    </section>
  );
}
