import { z } from 'zod';
import { bookingPriceSchema } from './schemas/booking-price';

/**
 * What a failure may carry beside its code: the lock/busy seconds, which fields were wrong, and
 * the price now of a booking whose price changed since the member was shown it (priceChanged).
 */
export const failureResultSchema = z.object({
  time: z.number().int().nonnegative().optional(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  price: bookingPriceSchema.optional(),
});
export type FailureResult = z.infer<typeof failureResultSchema>;

export interface SuccessEnvelope<R> {
  state: '1' | '11';
  errorCode: null;
  result: R;
}

export interface FailureEnvelope {
  state: '0';
  errorCode: string;
  errorMsg: string;
  result?: FailureResult;
}

export type Envelope<R> = SuccessEnvelope<R> | FailureEnvelope;

export const failureEnvelopeSchema = z.object({
  state: z.literal('0'),
  errorCode: z.string(),
  errorMsg: z.string(),
  result: failureResultSchema.optional(),
});

export function successEnvelopeSchema<R extends z.ZodType>(result: R, state: '1' | '11' = '1') {
  return z.object({ state: z.literal(state), errorCode: z.null(), result });
}
