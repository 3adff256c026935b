import { useEffect, useState } from 'react';
import { useSearchParams } from '@/shared/router';
import { isServerFault } from '@/shared/api/api-errors';
import { i18n } from '@/shared/i18n/i18n';
import { checkCardStatus } from '../api/add-card';
import { useCardSaved } from '../api/cards';
import { CARDS_NS } from '../i18n';
import { outcomeOfError, type CardOutcome } from '../lib/card-outcome';
import { CardCheckTimeout, pollCardStatus } from '../lib/poll-card-status';

/** What the portal put on the return address, and what the provider added to it. */
const RETURN_PARAMS = ['cardId', 'threeDS', 'tokenId', 'outcome'] as const;

/**
 * Back from the bank's 3-D Secure page (`?cardId=…&threeDS=return`): asks every 500 ms whether
 * the card is saved, and says how it went. The address loses the return's parameters once the
 * answer is final, so a reload or Back does not ask again; after a timeout or a fault they stay,
 * so a reload asks again (the card is saved only once this check sees the bank's yes).
 */
export function useCardReturn(): { outcome: CardOutcome | undefined; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const cardSaved = useCardSaved();
  const cardId = params.get('threeDS') === 'return' ? params.get('cardId') : null;
  const [outcome, setOutcome] = useState<CardOutcome | undefined>(
    cardId ? { view: 'checking' } : undefined,
  );

  useEffect(() => {
    if (!cardId) return;
    const controller = new AbortController();
    /** keep: the answer is not final (no answer in time, a fault): a reload asks again. */
    const settle = (next: CardOutcome, keep = false) => {
      if (controller.signal.aborted) return;
      setOutcome(next);
      if (keep) return;
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          for (const name of RETURN_PARAMS) rest.delete(name);
          return rest;
        },
        { replace: true },
      );
    };
    pollCardStatus({
      check: (signal) => checkCardStatus(cardId, signal),
      signal: controller.signal,
    }).then(
      (card) => {
        void cardSaved();
        settle({ view: 'success', card });
      },
      (error: unknown) =>
        error instanceof CardCheckTimeout
          ? settle(
              { view: 'error', message: i18n.t('error.timeout', { ns: CARDS_NS }), back: false },
              true,
            )
          : settle(outcomeOfError(error), isServerFault(error)),
    );
    return () => controller.abort();
    // One poll per returned card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardId]);

  return { outcome, dismiss: () => setOutcome(undefined) };
}
