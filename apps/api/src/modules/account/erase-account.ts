import { parseMobile } from '@portal/contract';
import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  bookings,
  contactMessages,
  memberships,
  registrations,
  users,
  verifications,
  visits,
} from '../../db/schema';
import { clearAttempts } from '../../platform/attempt-locks';
import { revokeUserSessions } from '../../platform/sessions';
import { loginLockKey, type User } from '../login/login-session';

/** The address a deleted account keeps: unique, and no one's (".invalid" is never delivered). */
export const deletedEmailOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

/**
 * Removes a member's personal data, in the caller's transaction. The users row stays (other
 * rows point at it) but holds nothing personal, and its empty password hash matches no
 * password. What was sold stays for the accounts: bookings keep product, time, amounts and
 * passes, without names, contact or card; visits keep the usage without the member.
 */
export async function eraseAccount(tx: Tx, user: User, now: Date): Promise<void> {
  await revokeUserSessions(tx, user.id, now);

  // Codes and links sent to the member, or to their address or number (sign-up codes carry no
  // user), and the registration sessions of their numbers (they hold the sign-up details).
  const targets = [user.email.trim().toLowerCase()];
  const e164 = parseMobile(user.mobilePrefix, user.mobileNumber)?.e164;
  if (e164) targets.push(e164);
  await tx
    .delete(verifications)
    .where(or(eq(verifications.userId, user.id), inArray(verifications.target, targets)));
  const owned = await tx
    .select({ dpid: memberships.dpid })
    .from(memberships)
    .where(eq(memberships.userId, user.id));
  if (owned.length > 0) {
    await tx.delete(registrations).where(
      inArray(
        registrations.dpid,
        owned.map((m) => m.dpid),
      ),
    );
  }

  // The numbers are the bank's: freed, they can be registered again.
  await tx
    .update(memberships)
    .set({ userId: null, registeredAt: null })
    .where(eq(memberships.userId, user.id));

  await tx
    .update(bookings)
    .set({
      userId: null,
      passengerNames: [],
      contactPrefix: null,
      contactNumber: null,
      email: null,
      cardLabel: null,
      anonymisedAt: now,
    })
    .where(eq(bookings.userId, user.id));
  await tx.update(visits).set({ userId: null }).where(eq(visits.userId, user.id));

  // Contact messages are deleted rather than anonymised: their free text may hold personal data
  // no scrubbing can find, and support keeps its own copy in the mailbox under its own rules.
  await tx.delete(contactMessages).where(eq(contactMessages.userId, user.id));

  await tx
    .update(users)
    .set({
      email: deletedEmailOf(user.id),
      emailVerifiedAt: null,
      firstName: '',
      lastName: '',
      mobilePrefix: '',
      mobileNumber: '',
      mobileAreaCode: '',
      // Not an argon2 hash: verifyPassword answers false for every password.
      passwordHash: '',
      isFirstLogin: false,
      deletedAt: now,
    })
    .where(eq(users.id, user.id));

  await clearAttempts(tx, loginLockKey(user.email));
}
