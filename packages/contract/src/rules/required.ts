import { z } from 'zod';
import type { MessageKey } from '../messages';

const REQUIRED: MessageKey = 'form-required';

/** A trimmed string that must not be empty ('form-required'); later checks see the trimmed value. */
export function requiredString() {
  return z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED, abort: true });
}
