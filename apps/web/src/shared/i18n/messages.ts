import { errorCatalogue, fieldMessages } from '@portal/contract';

/**
 * The `messages` namespace: error texts (spec section 8) and field messages (section 5),
 * keyed as the spec names them. Built from the contract so each text lives in one place.
 */
export function buildMessages(): Record<string, string> {
  const messages: Record<string, string> = { ...fieldMessages };
  for (const { key, message } of Object.values(errorCatalogue)) {
    messages[key] ??= message;
  }
  return messages;
}
