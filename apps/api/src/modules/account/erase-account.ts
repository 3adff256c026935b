import { parseMobile } from '@portal/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  attemptLocks,
  bookings,
  contactMessages,
  memberships,
  outbox,
  paymentCards,
  registrations,
  users,
  verifications,
  visits,
} from '../../db/schema';
import { revokeUserSessions } from '../../platform/sessions';
import { cancelUpcomingBookings } from '../bookings/index';
import type { User } from '../../members/member-row';
import { ACKNOWLEDGEMENT_SUBJECT, contactReference } from './contact-mail';

/** The address a deleted account keeps: unique, and no one's (".invalid" is never delivered). */
export const deletedEmailOf = (userId: string) => `deleted+${userId}@deleted.invalid`;

export interface EraseOptions {
  now: Date;
  /** Where contact-form messages were copied (env SUPPORT_MAILBOX). */
  supportMailbox: string;
  /** The refund rule's notice (env REFUND_NOTICE_HOURS), for the bookings still ahead. */
  noticeHours: number;
}

/** Where the member was written to: the email lower-cased, and the mobile in E.164. */
export function targetsOf(user: Pick<User, 'email' | 'mobilePrefix' | 'mobileNumber'>): string[] {
  const targets = [user.email.trim().toLowerCase()];
  const e164 = parseMobile(user.mobilePrefix, user.mobileNumber)?.e164;
  if (e164) targets.push(e164);
  return targets;
}

/** Outbox rows addressed to one of `addresses` (lower-cased), whatever the case they were sent in. */
const sentToAny = (addresses: string[]) => inArray(sql`lower(${outbox.to})`, addresses);

/** What the caller still has to do once the erasure has committed. */
export interface ErasedAccount {
  /**
   * The provider tokens of the member's deleted cards: delete them at the provider after the
   * commit, best effort (modules/payment/forget-tokens.ts).
   */
  cardTokens: string[];
}

/**
 * Removes a member's personal data, in the caller's transaction. The users row stays (other
 * rows point at it) but holds nothing personal, and its empty password hash matches no
 * password. What was sold stays for the accounts: bookings keep product, time, amounts and
 * passes, without names, contact or card (those still ahead are cancelled first, by the
 * refund rule); visits keep the usage without the member.
 */
export async function eraseAccount(
  tx: Tx,
  user: User,
  options: EraseOptions,
): Promise<ErasedAccount> {
  const { now } = options;
  await revokeUserSessions(tx, user.id, now);

  // Codes and links sent to the member, or to their address or number (sign-up codes carry no
  // user), and the registration sessions of their numbers (they hold the sign-up details).
  const targets = targetsOf(user);
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

  await eraseMessages(tx, user, targets, options.supportMailbox);

  // Before the bookings lose their owner: the visits still ahead will not happen.
  await cancelUpcomingBookings(tx, { userId: user.id, now, noticeHours: options.noticeHours });

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
  // no scrubbing can find.
  await tx.delete(contactMessages).where(eq(contactMessages.userId, user.id));

  // The saved cards go (the users row stays, so its cascade never fires); their tokens are the
  // caller's to delete at the provider once this commits.
  const cards = await tx
    .delete(paymentCards)
    .where(eq(paymentCards.userId, user.id))
    .returning({ token: paymentCards.providerToken });

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

  // Locks and throttles of the member's address and number (their keys end ":<target>"), and
  // the member's own (their keys hold the user id): login, codes, change requests, contact.
  await tx
    .delete(attemptLocks)
    .where(
      or(
        ...targets.map(
          (target) =>
            sql`right(${attemptLocks.key}, char_length(${`:${target}`})) = ${`:${target}`}`,
        ),
        sql`strpos(${attemptLocks.key}, ${user.id}) > 0`,
      ),
    );

  return { cardTokens: cards.map((card) => card.token) };
}

/**
 * The outbox rows about the member: everything addressed to their email or mobile, the
 * acknowledgements sent to the reply addresses typed in their contact messages, and the
 * support mailbox's copies of those messages (found by their reference line).
 *
 * A typed reply address may be anyone's, so only the acknowledgements sent there go: the rest
 * of that address's mail is not the member's.
 */
async function eraseMessages(
  tx: Tx,
  user: User,
  targets: string[],
  supportMailbox: string,
): Promise<void> {
  const letters = await tx
    .select({ id: contactMessages.id, email: contactMessages.email })
    .from(contactMessages)
    .where(eq(contactMessages.userId, user.id));
  const typed = [...new Set(letters.map((l) => l.email.trim().toLowerCase()))];
  await tx
    .delete(outbox)
    .where(
      or(
        sentToAny(targets),
        typed.length > 0
          ? and(sentToAny(typed), eq(outbox.subject, ACKNOWLEDGEMENT_SUBJECT))
          : undefined,
        letters.length > 0
          ? and(
              eq(sql`lower(${outbox.to})`, supportMailbox.trim().toLowerCase()),
              or(...letters.map((l) => sql`strpos(${outbox.body}, ${contactReference(l.id)}) > 0`)),
            )
          : undefined,
      ),
    );
}
