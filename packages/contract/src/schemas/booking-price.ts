import { z } from 'zod';
import { moneySchema } from './products';

/** The price of a booking: a pass for each passenger while passes last, the guest price after. */
export const bookingPriceSchema = z.object({
  passengers: z.number().int().positive(),
  infants: z.number().int().nonnegative(),
  passesUsed: z.number().int().nonnegative(),
  paidPassengers: z.number().int().nonnegative(),
  unitPrice: moneySchema.nullable(),
  total: moneySchema,
});
export type BookingPrice = z.infer<typeof bookingPriceSchema>;
