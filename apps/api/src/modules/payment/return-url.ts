import type { CardSource } from '@portal/contract';
import type { Env } from '../../config/env';
import { portalPageUrl } from '../../platform/portal-url';

/** Where the browser comes back to after 3-D Secure, by where the card was being added from. */
const RETURN_PAGES: Record<CardSource, string> = {
  account: '/account/cards',
  'first-login': '/account/cards',
  payment: '/account/cards',
  'sign-up': '/sign-up?step=success',
};

/**
 * The portal page the provider sends the browser back to after 3-D Secure, naming our card:
 * `…?cardId=<id>&threeDS=return` (the provider adds its own tokenId and outcome).
 */
export function cardReturnUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'PORT'>,
  source: CardSource,
  cardId: string,
): string {
  const [path, query] = RETURN_PAGES[source].split('?') as [`/${string}`, string | undefined];
  return portalPageUrl(env, path, {
    ...Object.fromEntries(new URLSearchParams(query)),
    cardId,
    threeDS: 'return',
  });
}
