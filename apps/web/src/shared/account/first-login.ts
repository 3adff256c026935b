import { callDescriptors } from 'virtual:call-descriptors/account';
import { callApi } from '../api/api-client';
import { storage } from '../storage/storage';

/**
 * The first-login invitation to add a card was seen, or taken up: not on this tab again, nor
 * (POST /account/clear/popup) at the next login. Best effort and once: called directly, not
 * through the query cache, so a failure shows nothing.
 */
export function endFirstLogin(): void {
  if (storage.get('isFirstLogin') !== true) return;
  storage.remove('isFirstLogin');
  callApi(callDescriptors.clearPopup).catch(() => undefined);
}
