import type { PaymentCard } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { savedCard } from '@/testing/cards';
import { preselectedCard } from '../payment-cards';

const card = (cardId: string, overrides: Partial<PaymentCard> = {}): PaymentCard =>
  savedCard({ cardId, isDefault: false, ...overrides });

describe('the card a payment starts with', () => {
  it('is the default card, wherever it is in the list', () => {
    expect(preselectedCard([card('a'), card('b', { isDefault: true })])?.cardId).toBe('b');
  });

  it('is the only card when none is the default', () => {
    expect(preselectedCard([card('a')])?.cardId).toBe('a');
  });

  it('is none among several cards with no default: the member chooses', () => {
    expect(preselectedCard([card('a'), card('b')])).toBeUndefined();
  });

  it('is never an expired card, not even the default', () => {
    expect(preselectedCard([card('a', { isDefault: true, isExpired: true })])).toBeUndefined();
    expect(
      preselectedCard([card('a', { isDefault: true, isExpired: true }), card('b')])?.cardId,
    ).toBe('b');
    expect(
      preselectedCard([card('a', { isDefault: true, isExpired: true }), card('b'), card('c')]),
    ).toBeUndefined();
  });

  it('is none before the cards are known, or when there are none', () => {
    expect(preselectedCard(undefined)).toBeUndefined();
    expect(preselectedCard([])).toBeUndefined();
  });
});
