import { z } from 'zod';
import { cvvSchema } from './card-cvv';
import { cardExpirySchema } from './card-expiry';
import { nameOnCardSchema } from './card-name';
import { cardNumberSchema } from './card-number';
import type { Clock } from './clock';

/**
 * The add-card form (spec section 5): card number, expiry MM/YY, CVV and name on card, each
 * field's first message. The browser checks it; these values then go only to the provider's SDK.
 */
export function cardFormSchema(clock: Clock) {
  return z.object({
    cardNumber: cardNumberSchema,
    expiry: cardExpirySchema(clock),
    cvv: cvvSchema,
    nameOnCard: nameOnCardSchema,
  });
}
export type CardForm = z.infer<ReturnType<typeof cardFormSchema>>;
