import type { PaymentCard } from '@portal/contract';

/** The provider did not take the security code: the member is asked to try again. */
export class SecurityCodeRefused extends Error {
  override readonly name = 'SecurityCodeRefused';
}

/**
 * Hands a saved card's security code to the payment provider (`POST {host}/ingenico/cacheCvv`,
 * spec section 7), straight from the browser: the code never reaches the portal. No portal
 * headers go with it.
 */
export async function cacheCvv(
  card: Pick<PaymentCard, 'securityCode'>,
  cvv: string,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(card.securityCode.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token: card.securityCode.token, cvv }),
      credentials: 'omit',
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    throw new SecurityCodeRefused('The payment provider could not be reached', { cause });
  }
  if (!response.ok)
    throw new SecurityCodeRefused(`The payment provider answered ${response.status}`);
}
