import { useClosedChannel } from '@/shared/agent-config/closed-channel';
import { useUnseenNotice } from '@/shared/agent-config/unseen-notice';
import { paths } from '@/shared/config/paths';
import { useLocation } from '@/shared/router';

/**
 * What the shell shows a visitor before the page, the same while the first page loads as once it
 * shows: a closed channel (vm) only its customer notice, Contact Us still reachable
 * (`noticeOnly`); a first visit to home its one-time notice first, then the cookie banner, one
 * interruption at a time (`noticeFirst`, issue 21).
 */
export function useShellNotices(): {
  closedChannel: boolean;
  noticeOnly: boolean;
  noticeFirst: boolean;
} {
  const { pathname } = useLocation();
  const closedChannel = useClosedChannel().closed;
  const noticeOnly = closedChannel && pathname !== paths.contactUs.path;
  const unseenNotice = useUnseenNotice();
  const noticeFirst = !noticeOnly && pathname === paths.home.path && unseenNotice !== null;
  return { closedChannel, noticeOnly, noticeFirst };
}
