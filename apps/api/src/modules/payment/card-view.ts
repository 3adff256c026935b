import type { PaymentCard } from '@portal/contract';
import type { paymentCards } from '../../db/schema';
import { localDateTime } from '../../platform/local-time';
import type { PaymentProvider } from '../../platform/payment-provider';
import { productLogo, productName } from './card-products';

export type CardRow = typeof paymentCards.$inferSelect;

/** Card expiry is read on the UK calendar. */
const CARD_TIME_ZONE = 'Europe/London';

/** A card is valid to the end of its expiry month; expired from the first day after it. */
export function isCardExpired(
  card: Pick<CardRow, 'expiryMonth' | 'expiryYear'>,
  now: Date,
): boolean {
  const [year, month] = localDateTime(now, CARD_TIME_ZONE).date.split('-').map(Number);
  return year! * 12 + month! > card.expiryYear * 12 + card.expiryMonth;
}

/** What the member sees of a saved card: never more of the number than its last 4 digits. */
export function cardView(
  row: CardRow,
  now: Date,
  provider: Pick<PaymentProvider, 'assetUrl' | 'cvvCacheUrl'>,
): PaymentCard {
  return {
    cardId: row.id,
    productName: productName(row.productId, row.brand),
    productLogo: productLogo(row.productId, provider.assetUrl),
    last4: row.last4,
    expiryMonth: row.expiryMonth,
    expiryYear: row.expiryYear,
    isExpired: isCardExpired(row, now),
    isDefault: row.isDefault,
    securityCode: { url: provider.cvvCacheUrl, token: row.providerToken },
  };
}
