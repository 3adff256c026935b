import { DRAFT_KEYS } from './storage-keys';
import { storage } from './storage';
import type { UserInfo } from './storage-types';

export interface LoginState {
  token: string;
  tokenExpirySeconds: number;
  userInfo: UserInfo;
  isFirstLogin?: boolean;
}

export function saveLogin({ token, tokenExpirySeconds, userInfo, isFirstLogin }: LoginState): void {
  storage.set('token', token);
  storage.set('tokenExpirySeconds', tokenExpirySeconds);
  storage.set('userInfo', userInfo);
  if (isFirstLogin !== undefined) storage.set('isFirstLogin', isFirstLogin);
  storage.set('lastActivity', Date.now());
  storage.set('isLogin', true);
}

/**
 * Logout and authorization failure (spec section 4): login state, token, user info, bank lists,
 * drafts, and the digital card kept on the device.
 */
export function clearLogin(): void {
  storage.remove(
    'isLogin',
    'token',
    'tokenExpirySeconds',
    'userInfo',
    'isFirstLogin',
    'lastActivity',
    'globalBank',
    // The device's copy of the digital card goes with the login (a shared device keeps none).
    'digitalCard',
    ...DRAFT_KEYS,
  );
}

/** Logged in means the flag and a token are both stored (spec section 6). */
export function isLoggedIn(): boolean {
  return storage.get('isLogin') === true && Boolean(storage.get('token'));
}

/**
 * The server accepted the token for a member call: the idle window (6 h) starts again. Noted
 * here, where the answer is read, so a call answered before the layout's idle check has loaded
 * still counts.
 */
export function noteTokenUse(): void {
  if (isLoggedIn()) storage.set('lastActivity', Date.now());
}

/** The token to send, only while logged in. */
export function currentToken(): string | undefined {
  return storage.get('isLogin') === true ? storage.get('token') : undefined;
}
