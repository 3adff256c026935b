import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { verifications, type VerificationPurpose } from '../../db/schema';
import { CallError } from '../call-error';
import {
  LINK_TTL_SECONDS,
  retireOutstanding,
  retireUnused,
  storeAndSend,
  throttleRequest,
  type IssueRequest,
  type MessageText,
  type VerificationRow,
} from './subjects';

/* Single-use links (emailed) and tokens (answered to the caller): issued, found, used once. */

/**
 * Sends a single-use link (its id is a random uuid) through the outbox. Throws `codeBusy`
 * (with `time`) when requests come too often.
 */
export async function issueLink(
  tx: Tx,
  request: IssueRequest,
  urlFor: (id: string) => string,
  message: (link: string) => MessageText,
  now: Date,
): Promise<{ id: string; link: string; expiresAt: Date }> {
  await throttleRequest(tx, request, now);
  const id = randomUUID();
  const link = urlFor(id);
  const expiresAt = new Date(now.getTime() + LINK_TTL_SECONDS * 1000);
  await storeAndSend(
    tx,
    request,
    { id, expiresAt, codeHash: null },
    { ...message(link), link },
    now,
  );
  return { id, link, expiresAt };
}

/**
 * Makes a single-use token (a random uuid) that is answered to the caller and sent nowhere,
 * e.g. the reset token a checked forgotten-password code buys. Earlier unused tokens of the
 * same purpose and target stop working. Check it with `findLink`, use it up with `consumeLink`.
 */
export async function issueToken(
  tx: Tx,
  request: IssueRequest,
  ttlSeconds: number,
  now: Date,
): Promise<{ id: string; expiresAt: Date }> {
  await retireOutstanding(tx, request, 'link', now);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await storeAndSend(tx, request, { id, expiresAt, codeHash: null }, null, now);
  return { id, expiresAt };
}

/** Ends every unused link or token of a purpose for a user (e.g. once its flow has completed). */
export async function retireUserLinks(
  tx: Tx,
  subject: { purpose: VerificationPurpose; userId: string },
  now: Date,
): Promise<void> {
  await retireUnused(
    tx,
    and(
      eq(verifications.purpose, subject.purpose),
      eq(verifications.userId, subject.userId),
      isNull(verifications.codeHash),
    ),
    now,
  );
}

/**
 * Ends every unused code, link and token of the purposes that was issued to the user or sent
 * to one of the targets (e.g. the old address and number, once the member has changed them).
 * Targets are compared whatever their case.
 */
export async function retireOutstandingOf(
  tx: Tx,
  subject: { purposes: readonly VerificationPurpose[]; userId: string; targets: readonly string[] },
  now: Date,
): Promise<void> {
  if (subject.purposes.length === 0) return;
  const targets = [...new Set(subject.targets.map((t) => t.toLowerCase()))];
  await retireUnused(
    tx,
    and(
      inArray(verifications.purpose, [...subject.purposes]),
      or(
        eq(verifications.userId, subject.userId),
        targets.length > 0 ? inArray(sql`lower(${verifications.target})`, targets) : undefined,
      ),
    ),
    now,
  );
}

/**
 * A link or token that can still be used, without using it up. Throws `notFound` for an id
 * never issued for this purpose, and `linkExpired` for one past its expiry or already used.
 */
export async function findLink(
  tx: Tx,
  link: { id: string; purpose: VerificationPurpose },
  now: Date,
): Promise<VerificationRow> {
  const [row] = await tx
    .select()
    .from(verifications)
    .where(
      and(
        eq(verifications.id, link.id),
        eq(verifications.purpose, link.purpose),
        isNull(verifications.codeHash),
      ),
    );
  if (!row) throw new CallError('notFound');
  if (row.usedAt || row.expiresAt <= now) throw new CallError('linkExpired');
  return row;
}

/**
 * Uses up a link. Throws `notFound` for an id never issued for this purpose, and `linkExpired`
 * for one past its expiry or already used.
 */
export async function consumeLink(
  tx: Tx,
  link: { id: string; purpose: VerificationPurpose },
  now: Date,
): Promise<VerificationRow> {
  const row = await findLink(tx, link, now);
  const [used] = await tx
    .update(verifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(verifications.id, row.id),
        isNull(verifications.usedAt),
        gt(verifications.expiresAt, now),
      ),
    )
    .returning();
  if (!used) throw new CallError('linkExpired');
  return used;
}
