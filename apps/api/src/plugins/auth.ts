import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { placeholders, prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { CallError } from '../platform/call-error';
import { hashToken } from '../platform/crypto';
import { revocationCount } from '../platform/sessions';

export interface Member {
  userId: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
  interface FastifyInstance {
    /** Resolves the request's token to its member, or answers 20002. */
    requireMember(request: FastifyRequest): Promise<Member>;
  }
}

/** The token from `Authorization`, with or without `Bearer `. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 512 ? token : undefined;
}

/**
 * How long a token checked against the database is taken on this process's word (issue 23: a
 * member's calls come in bursts, each check was a write). Within it, a revocation by another
 * process (a logout, a password changed elsewhere) may go unseen; one by this process is seen at
 * once, and the idle window still slides in the database, at most this much behind.
 */
export const MEMBER_KEPT_MS = 5000;
/** Tokens kept at most; past it the oldest check is forgotten (and made again when needed). */
const MEMBERS_KEPT = 10_000;

/** A token's last check against the database. */
interface Checked {
  userId: string;
  /**
   * The portal clock's time of the check, written as the session's last use (it slides the idle
   * window); the check is kept MEMBER_KEPT_MS of that clock (tests move it).
   */
  usedAt: number;
  /** The revocation count the check was made at. */
  revocations: number;
}

/**
 * One statement checks a token is live (not revoked, used within the idle window, its user not
 * deleted) and slides the idle window: the first of every member call (prepared.ts).
 */
const touchSession = prepared('touch_session', (tx, name) => {
  const { tokenHash, now, idleSince } = placeholders('tokenHash', 'now', 'idleSince');
  return tx
    .update(sessions)
    .set({ lastUsedAt: sql`${now}` })
    .from(users)
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, idleSince),
        eq(users.id, sessions.userId),
        isNull(users.deletedAt),
      ),
    )
    .returning({ userId: sessions.userId })
    .prepare(name);
});

export const authPlugin = fp(
  (app: FastifyInstance) => {
    const checked = new Map<string, Checked>();
    /** The member a recent check of the token found, while nothing can have ended it since. */
    const keptMember = (tokenHash: string, now: number): Member | undefined => {
      const last = checked.get(tokenHash);
      if (!last) return undefined;
      const fresh =
        last.revocations === revocationCount() &&
        now >= last.usedAt &&
        now - last.usedAt < MEMBER_KEPT_MS;
      if (!fresh) checked.delete(tokenHash);
      return fresh ? { userId: last.userId, tokenHash } : undefined;
    };

    app.decorateRequest('member', null);
    app.decorate('requireMember', async (request: FastifyRequest): Promise<Member> => {
      const token = tokenFrom(request);
      if (!token) throw new CallError('authFailure');
      const tokenHash = hashToken(token);
      const now = app.clock.now();
      const kept = keptMember(tokenHash, now.getTime());
      if (kept) {
        request.member = kept;
        return kept;
      }
      const revocations = revocationCount();
      const idleSince = new Date(now.getTime() - TOKEN_IDLE_SECONDS * 1000);
      const touched = await touchSession(app.db).execute({ tokenHash, now, idleSince });
      const userId = touched[0]?.userId;
      if (!userId) throw new CallError('authFailure');
      if (checked.size >= MEMBERS_KEPT) checked.delete(checked.keys().next().value!);
      checked.set(tokenHash, { userId, usedAt: now.getTime(), revocations });
      const member = { userId, tokenHash };
      request.member = member;
      return member;
    });
  },
  { name: 'auth', dependencies: ['platform'] },
);
