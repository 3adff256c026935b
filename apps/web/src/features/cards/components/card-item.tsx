import type { PaymentCard } from '@portal/contract';
import { useTranslation } from '@/shared/i18n/use-translation';
import { CARDS_NS } from '../i18n';
import { cardExpiry, cardLabel } from '../lib/card-label';

interface CardItemProps {
  card: PaymentCard;
  busy: boolean;
  onSetDefault: () => void;
  onDelete: () => void;
}

/** One saved card: its brand, last 4 and expiry, whether it is the default, and its actions. */
export function CardItem({ card, busy, onSetDefault, onDelete }: CardItemProps) {
  const { t } = useTranslation(CARDS_NS);
  const name = cardLabel(card);
  const expiry = cardExpiry(card);
  return (
    <li className={card.isDefault ? 'card-item card-item--default' : 'card-item'}>
      {card.productLogo ? (
        <img className="card-item__logo" src={card.productLogo} alt="" width={48} height={32} />
      ) : null}
      <div className="card-item__text">
        <p className="card-item__name">{name}</p>
        <p
          className={
            card.isExpired ? 'card-item__expiry card-item__expiry--expired' : 'card-item__expiry'
          }
        >
          {t(card.isExpired ? 'list.expired' : 'list.expires', expiry)}
        </p>
        {card.isDefault ? <p className="card-item__default">{t('list.default')}</p> : null}
      </div>
      <div className="card-item__actions">
        {card.isDefault ? null : (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('list.setDefaultLabel', { card: name })}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) onSetDefault();
            }}
          >
            {t('list.setDefault')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('list.deleteLabel', { card: name })}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onDelete();
          }}
        >
          {t('list.delete')}
        </button>
      </div>
    </li>
  );
}
