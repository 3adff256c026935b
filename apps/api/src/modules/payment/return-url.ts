import type { CardSource } from '@portal/contract';
import type { Env } from '../../config/env';

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
  const base = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const url = new URL(`${base}${RETURN_PAGES[source]}`);
  url.searchParams.set('cardId', cardId);
  url.searchParams.set('threeDS', 'return');
  return url.href;
}
