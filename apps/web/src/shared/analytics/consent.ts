import { COOKIE_CONSENT_MONTHS } from '@portal/contract';
import { storage } from '../storage/storage';
import type { CookieConsent } from '../storage/storage-types';
import { useStorageValue } from '../storage/use-storage-value';

/** When a decision made at `now` lapses and the banner asks again (spec section 9: 11 months). */
export function consentExpiry(now: Date): number {
  const expiry = new Date(now);
  expiry.setMonth(expiry.getMonth() + COOKIE_CONSENT_MONTHS);
  return expiry.getTime();
}

/** The stored decision while it holds; an expired one counts as none. */
export function currentConsent(
  stored: CookieConsent | undefined,
  now = Date.now(),
): CookieConsent | undefined {
  return stored && stored.expiresAt > now ? stored : undefined;
}

export function readConsent(now = Date.now()): CookieConsent | undefined {
  return currentConsent(storage.get('COOKBANNER'), now);
}

/** Saves the decision: accepted with analytics on, declined (necessary cookies only) without. */
export function saveConsent(analytics: boolean, now = new Date()): void {
  storage.set('COOKBANNER', {
    consent: analytics ? 'accepted' : 'declined',
    analytics,
    expiresAt: consentExpiry(now),
  });
}

/** Analytics is on only with a current decision that allowed it. */
export const allowsAnalytics = (consent: CookieConsent | undefined): boolean =>
  consent !== undefined && (consent.analytics ?? consent.consent === 'accepted');

export function useConsent(): CookieConsent | undefined {
  return currentConsent(useStorageValue('COOKBANNER'));
}
