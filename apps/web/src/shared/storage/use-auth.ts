import { useStorageValue } from './use-storage-value';
import type { UserInfo } from './storage-types';

export interface AuthState {
  isLogin: boolean;
  userInfo: UserInfo | undefined;
  initials: string;
  fullName: string;
}

export function getInitials(user: UserInfo | undefined): string {
  if (!user) return '';
  if (user.initials?.trim()) return user.initials.trim().toUpperCase();
  const first = user.firstName.trim().charAt(0);
  const last = user.lastName.trim().charAt(0);
  return `${first}${last}`.toUpperCase();
}

/** Logged in means the flag and a token are both stored (spec section 6). */
export function useAuth(): AuthState {
  const isLoginFlag = useStorageValue('isLogin');
  const token = useStorageValue('token');
  const userInfo = useStorageValue('userInfo');
  const isLogin = isLoginFlag === true && Boolean(token);
  return {
    isLogin,
    userInfo: isLogin ? userInfo : undefined,
    initials: isLogin ? getInitials(userInfo) : '',
    fullName: isLogin && userInfo ? `${userInfo.firstName} ${userInfo.lastName}`.trim() : '',
  };
}
