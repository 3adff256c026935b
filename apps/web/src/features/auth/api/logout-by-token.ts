import { callDescriptors } from 'virtual:call-descriptors/login';
import { callApi } from '@/shared/api/api-client';

/** A logout that waits longer than this for the server goes on without it. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * Revokes the token on the server (POST /login/logout-by-token). Best effort: called directly,
 * not through the query cache, so a failure never shows the server-error overlay.
 */
export async function logoutByToken(): Promise<void> {
  try {
    await callApi(callDescriptors.logoutByToken, undefined, {
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
    });
  } catch {
    // The token expires by itself after 6 hours unused.
  }
}
