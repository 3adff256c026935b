import type { CardAddOutcome, PaymentCard } from '@portal/contract';
import { isApiError } from '@/shared/api/api-errors';
import { messageText } from '@/shared/forms/field-errors';
import { i18n } from '@/shared/i18n/i18n';
import { CARDS_NS } from '../i18n';
import { CardCheckError } from './encrypt-card';

/** Where a card add stands once the form has been sent (or the bank has sent the member back). */
export type CardOutcome =
  | { view: 'verify'; url: string }
  | { view: 'checking' }
  | { view: 'success'; card: PaymentCard }
  | { view: 'failed' }
  /** back: the error modal can return to the form (spec section 4). */
  | { view: 'error'; message: string; back: boolean };

export const outcomeOfAdd = (result: CardAddOutcome): CardOutcome =>
  result.status === 'added'
    ? { view: 'success', card: result.card }
    : { view: 'verify', url: result.threeDSRedirectUrl };

/**
 * A refused add as the member sees it (spec section 8, Card): 61007 and 430712 are
 * Authentication Failed; an unsupported type, an unknown card and a card already saved say so
 * and lead back to the form; anything else is a plain "try again".
 */
export function outcomeOfError(error: unknown): CardOutcome {
  if (isApiError(error, 'cardAuthFailed', 'cardAuthFailedIssuer')) return { view: 'failed' };
  if (error instanceof CardCheckError) {
    const key =
      error.reason === 'notAccepted' ? 'card-error-not-accepted' : 'card-error-not-recognized';
    return { view: 'error', message: messageText(key), back: true };
  }
  if (isApiError(error) && error.name !== 'unexpected')
    return { view: 'error', message: error.message, back: true };
  return { view: 'error', message: i18n.t('error.unexpected', { ns: CARDS_NS }), back: true };
}
