import type { CardSource } from '@portal/contract';
import type { Env } from '../../config/env';
import { portalPageUrl } from '../../platform/portal-url';

/** Where the browser comes back to after 3-D Secure, by where the card was being added from. */
const RETURN_PAGES: Record<CardSource, { path: `/${string}`; query?: Record<string, string> }> = {
  account: { path: '/account/cards' },
  'first-login': { path: '/account/cards' },
  payment: { path: '/account/cards' },
  'sign-up': { path: '/sign-up', query: { step: 'success' } },
};

/**
 * The portal page the provider sends the browser back to after 3-D Secure, naming our card:
 * `…?cardId=<id>&threeDS=return` (the provider adds its own tokenId and outcome).
 */
export function cardReturnUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  source: CardSource,
  cardId: string,
  /** The portal address the card is added from (browserOrigin); the default one if not given. */
  origin?: string,
): string {
  const { path, query } = RETURN_PAGES[source];
  return portalPageUrl(env, path, { ...query, cardId, threeDS: 'return' }, origin);
}
