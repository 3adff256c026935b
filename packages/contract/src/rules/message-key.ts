import type { MessageKey } from '../messages';

/** Names a message key where a zod check takes a message, so a typo fails type-checking. */
export function messageKey<K extends MessageKey>(key: K): K {
  return key;
}

/**
 * For a check that is not a field's last: stops the field's later checks, so it shows one
 * message. Not for the last check: an explicit abort also skips the cross-field checks of the
 * object holding the field (e.g. 'Password do not match.').
 */
export function issue(key: MessageKey): { error: MessageKey; abort: true } {
  return { error: key, abort: true };
}
