import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { CallError } from '../../platform/call-error';
import type { User } from '../login/login-session';
import { liveUser } from '../user/email-validation';

/**
 * The member's live row, locked for the rest of the caller's transaction so delete-account
 * (which reads it `for update`) cannot commit in between: a call that writes anything of the
 * member's reads them with this first. A member deleted meanwhile, or before, answers
 * `authFailure` (20002), also once a delete it waited for has committed.
 *
 * `share` for calls that write other rows of the member's; `no key update` for those that
 * update the users row itself (two `share` holders upgrading to update deadlock).
 */
export async function lockedMember(
  tx: Tx,
  userId: string,
  mode: 'share' | 'no key update' = 'share',
): Promise<User> {
  const [user] = await tx.select().from(users).where(liveUser(userId)).for(mode);
  if (!user) throw new CallError('authFailure');
  return user;
}
