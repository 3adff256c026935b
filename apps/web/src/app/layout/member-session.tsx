import { FirstLoginPrompt } from './first-login-prompt';
import { useIdleLogout } from './use-idle-logout';

/** What runs only while a member is logged in: loaded apart, so visitors never fetch it. */
export function MemberSession() {
  useIdleLogout();
  return <FirstLoginPrompt />;
}
