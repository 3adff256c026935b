import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearLogin, currentToken, saveLogin } from '../login-state';
import { storage } from '../storage';
import { getInitials, useAuth } from '../use-auth';

describe('storage', () => {
  it('round-trips typed values through JSON in the right store', () => {
    storage.set('userInfo', { firstName: 'Ada', lastName: 'Lovelace' });
    storage.set('airData', []);
    storage.set('verType', 'email');
    storage.set('newTimeAs', 1_700_000_000_000);

    expect(storage.get('userInfo')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(storage.get('verType')).toBe('email');
    expect(storage.get('newTimeAs')).toBe(1_700_000_000_000);
    expect(window.localStorage.getItem('userInfo')).toBe(
      '{"firstName":"Ada","lastName":"Lovelace"}',
    );
    expect(window.localStorage.getItem('airData')).toBe('[]');
    expect(window.sessionStorage.getItem('verType')).toBe('"email"');
    expect(window.localStorage.getItem('verType')).toBeNull();
  });

  it('reads broken or mistyped values as absent, and plain strings as strings', () => {
    window.localStorage.setItem('userInfo', '{not json');
    window.localStorage.setItem('isLogin', '"yes"');
    window.localStorage.setItem('token', 'raw-token');
    expect(storage.get('userInfo')).toBeUndefined();
    expect(storage.get('isLogin')).toBeUndefined();
    expect(storage.get('token')).toBe('raw-token');
  });

  it('removes keys', () => {
    storage.set('loungeCode', 'LHR1');
    storage.remove('loungeCode');
    expect(storage.get('loungeCode')).toBeUndefined();
  });
});

describe('clearLogin', () => {
  it('clears login state, token, user info, bank lists and drafts but keeps the rest', () => {
    saveLogin({ token: 't', tokenExpirySeconds: 60, userInfo: { firstName: 'A', lastName: 'B' } });
    storage.set('globalBank', { natwest: [] });
    storage.set('signUpDraft', { dpid: '1234' });
    storage.set('prebookingDraft', { lounge: 'x' });
    storage.set('issuer', 'natwest');
    storage.set('COOKBANNER', { consent: 'accepted', analytics: false, expiresAt: 1 });
    expect(currentToken()).toBe('t');

    clearLogin();

    for (const key of [
      'isLogin',
      'token',
      'userInfo',
      'tokenExpirySeconds',
      'globalBank',
    ] as const) {
      expect(storage.get(key)).toBeUndefined();
    }
    expect(storage.get('signUpDraft')).toBeUndefined();
    expect(storage.get('prebookingDraft')).toBeUndefined();
    expect(currentToken()).toBeUndefined();
    expect(storage.get('issuer')).toBe('natwest');
    expect(storage.get('COOKBANNER')?.consent).toBe('accepted');
  });
});

describe('useAuth', () => {
  it('follows login and logout', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.isLogin).toBe(false);

    act(() =>
      saveLogin({
        token: 't',
        tokenExpirySeconds: 60,
        userInfo: { firstName: 'jane', lastName: 'doe' },
      }),
    );
    expect(result.current).toMatchObject({ isLogin: true, initials: 'JD', fullName: 'jane doe' });

    act(() => clearLogin());
    expect(result.current.isLogin).toBe(false);
    expect(result.current.initials).toBe('');
  });

  it('is not logged in with the flag but no token', () => {
    storage.set('isLogin', true);
    const { result } = renderHook(() => useAuth());
    expect(result.current.isLogin).toBe(false);
  });

  it('prefers the initials the server sent', () => {
    expect(getInitials({ firstName: 'Jane', lastName: 'Doe', initials: 'jmd' })).toBe('JMD');
  });
});
