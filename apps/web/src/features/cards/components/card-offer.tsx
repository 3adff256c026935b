import '../cards.css';
import type { CardSource } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useNavigate } from '@/shared/router';
import { endFirstLogin } from '@/shared/account/first-login';
import { paths } from '@/shared/config/paths';
import { CARDS_NS } from '../i18n';
import { AddCardDialog } from './add-card-dialog';
import { CardReturnModal } from './card-return-modal';

/**
 * The sign-up finish screen's card-added flow (spec section 2): an invitation to add a card,
 * the add-card dialog, the outcome when the bank's 3-D Secure page sends the member back, and
 * from the success modal on to the account.
 */
export function CardOffer({ source }: { source: CardSource }) {
  const { t } = useTranslation(CARDS_NS);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const toAccount = {
    label: t('success.toAccount'),
    onClick: () => void navigate(paths.account.root.getHref()),
  };
  return (
    <section className="card-offer" aria-labelledby="card-offer-title">
      <h2 id="card-offer-title">{t('signUp.title')}</h2>
      <p>{t('signUp.text')}</p>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            // The first-login invitation is taken up here: it is not made again.
            endFirstLogin();
            setAdding(true);
          }}
        >
          {t('signUp.add')}
        </button>
      </p>
      {adding ? (
        <AddCardDialog source={source} onClose={() => setAdding(false)} successAction={toAccount} />
      ) : null}
      <CardReturnModal onTryAgain={() => setAdding(true)} successAction={toAccount} />
    </section>
  );
}
