import { z } from 'zod';
import type { MessageKey } from '../messages';

/** The terms checkbox: must be ticked. */
export const termsAgreementSchema = z.literal(true, {
  error: 'terms-error-required' satisfies MessageKey,
});
