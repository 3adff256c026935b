import { errorCatalogue, fieldMessages } from '@portal/contract';
import { addNamespace } from './add-namespace';

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

/**
 * Added when the first module that shows such texts loads (forms, code entry, the password
 * rules), not with the first page: the field messages stay out of the home page's JavaScript.
 * The API client needs none of it: it passes each error's English text as the default.
 */
export const MESSAGES_NS = addNamespace('messages', buildMessages());
