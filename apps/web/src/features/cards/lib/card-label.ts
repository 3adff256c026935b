import type { PaymentCard } from '@portal/contract';
import { i18n } from '@/shared/i18n/i18n';
import { CARDS_NS } from '../i18n';

/** "Visa ending 1111": how every screen names a saved card. */
export const cardLabel = (card: Pick<PaymentCard, 'productName' | 'last4'>): string =>
  i18n.t('list.cardName', { ns: CARDS_NS, brand: card.productName, last4: card.last4 });

/** "12/30": a card's expiry as printed on it. */
export const cardExpiry = (card: Pick<PaymentCard, 'expiryMonth' | 'expiryYear'>) => ({
  month: String(card.expiryMonth).padStart(2, '0'),
  year: String(card.expiryYear % 100).padStart(2, '0'),
});
