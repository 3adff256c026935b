/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a failed statement broke a unique index (e.g. two sign-ups with one email at once).
 * Drizzle wraps the driver's error, so the cause is looked at too.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === UNIQUE_VIOLATION) return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}
