import { isApiError } from '@/shared/api/api-errors';

/** A business error's catalogue text (already translated), or the screen's own for faults. */
export const errorMessage = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.message : fallback;
