/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's SQLSTATE for a transaction chosen to end a deadlock (rolled back whole). */
const DEADLOCK = '40P01';
/** PostgreSQL's SQLSTATE for a row naming another that is not there. */
const FOREIGN_KEY_VIOLATION = '23503';

/** Whether a failed statement failed with `code` (drizzle wraps the driver's error). */
function failedWith(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    if (typeof e === 'object' && 'code' in e && e.code === code) return true;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return false;
}

/**
 * Whether a failed statement broke a unique index (e.g. two sign-ups with one email at once).
 * Drizzle wraps the driver's error, so the cause is looked at too.
 */
export const isUniqueViolation = (error: unknown): boolean => failedWith(error, UNIQUE_VIOLATION);

/** Whether a failed statement wrote a row naming another row that is not there. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  failedWith(error, FOREIGN_KEY_VIOLATION);

/** Whether a transaction failed as a deadlock's victim: rolled back whole, safe to run again. */
export const isDeadlock = (error: unknown): boolean => failedWith(error, DEADLOCK);
