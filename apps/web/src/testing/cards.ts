import type { PaymentCard } from '@portal/contract';

/**
 * A saved card as payment-card/list answers it: a Visa ending 1111, the member's default, its
 * security code posted to the provider's cacheCvv with a token named after the card.
 */
export const savedCard = (overrides: Partial<PaymentCard> = {}): PaymentCard => {
  const cardId = overrides.cardId ?? 'c1';
  return {
    cardId,
    productName: 'Visa',
    productLogo: '',
    last4: '1111',
    expiryMonth: 12,
    expiryYear: 2030,
    isExpired: false,
    isDefault: true,
    securityCode: { url: 'https://psp.test/ingenico/cacheCvv', token: `tok-${cardId}` },
    ...overrides,
  };
};
