import { COOKIE_CONSENT_MONTHS } from '@portal/contract';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/shared/storage/storage';
import { analyticsAllowed, logScreen, screenName, setAnalyticsSink } from '../analytics';
import { allowsAnalytics, consentExpiry, readConsent, saveConsent } from '../consent';

describe('cookie consent', () => {
  it('is stored with the decision and an expiry 11 months on', () => {
    const now = new Date('2025-01-15T10:00:00Z');
    saveConsent(true, now);
    const stored = storage.get('COOKBANNER');
    expect(COOKIE_CONSENT_MONTHS).toBe(11);
    expect(stored).toEqual({
      consent: 'accepted',
      analytics: true,
      expiresAt: new Date('2025-12-15T10:00:00Z').getTime(),
    });
    expect(consentExpiry(now)).toBe(stored?.expiresAt);
  });

  it('records only-necessary as declined, without analytics', () => {
    saveConsent(false);
    expect(storage.get('COOKBANNER')).toMatchObject({ consent: 'declined', analytics: false });
    expect(allowsAnalytics(readConsent())).toBe(false);
  });

  it('counts an expired decision as none', () => {
    const decidedAt = new Date('2024-01-01T00:00:00Z');
    saveConsent(true, decidedAt);
    expect(readConsent(new Date('2024-11-30T00:00:00Z').getTime())).toBeDefined();
    expect(readConsent(new Date('2024-12-02T00:00:00Z').getTime())).toBeUndefined();
  });
});

describe('analytics', () => {
  const allowed = {
    hostname: 'natwest.lounges.example',
    mode: 'production',
    analyticsConsent: true,
  };

  it('is allowed only with consent, off localhost and outside tests', () => {
    expect(analyticsAllowed(allowed)).toBe(true);
    expect(analyticsAllowed({ ...allowed, analyticsConsent: false })).toBe(false);
    expect(analyticsAllowed({ ...allowed, hostname: 'localhost' })).toBe(false);
    expect(analyticsAllowed({ ...allowed, hostname: '127.0.0.1' })).toBe(false);
    expect(analyticsAllowed({ ...allowed, mode: 'test' })).toBe(false);
  });

  it('sends screen names to the sink when allowed, and nothing otherwise', () => {
    const sink = vi.fn();
    const restore = setAnalyticsSink(sink);
    expect(logScreen('faqs', allowed)).toBe(true);
    expect(sink).toHaveBeenCalledWith({ type: 'screen', name: 'faqs' });
    expect(logScreen('faqs', { ...allowed, analyticsConsent: false })).toBe(false);
    expect(sink).toHaveBeenCalledTimes(1);
    restore();
  });

  it('never logs under the unit tests, even with consent', () => {
    saveConsent(true);
    const sink = vi.fn();
    const restore = setAnalyticsSink(sink);
    expect(logScreen('home')).toBe(false);
    expect(sink).not.toHaveBeenCalled();
    restore();
  });

  it('names screens by path, without ids', () => {
    expect(screenName('/', {})).toBe('home');
    expect(screenName('/airport-detail', {})).toBe('airport-detail');
    expect(screenName('/regist/result/3f1c-9a', { uuid: '3f1c-9a' })).toBe('regist/result/:uuid');
  });
});
