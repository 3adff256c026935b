import { isApiError } from './api-errors';

/** A business error's catalogue text (already translated), or the screen's own for faults. */
export const errorMessageOf = (error: unknown, fallback: string): string =>
  isApiError(error) ? error.message : fallback;
