import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { and, eq, gt, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { placeholders, prepared } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { CallError } from '../platform/call-error';
import { hashToken } from '../platform/crypto';
import { revocationCount } from '../platform/sessions';

export interface Member {
  userId: string;
  tokenHash: string;
}

/**
 * A token this process has no live check of, to be checked against the database: by the
 * touch_session statement, or inside a call's own first statement (touchedSession).
 */
export interface TokenCheck {
  tokenHash: string;
  /** The portal clock's time of the check: the session's last use once it passes. */
  now: Date;
  /** Sessions last used before this have lapsed (TOKEN_IDLE_SECONDS). */
  idleSince: Date;
  /** The revocation count the check is made at. */
  revocations: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
    /**
     * The token a call checks in its own first statement (registerCall's `tokenInStatement`),
     * until that statement has found its member or not; an error answered meanwhile checks it
     * first (errors.ts), so an anonymous caller learns nothing of the call.
     */
    pendingToken: TokenCheck | null;
  }
  interface FastifyInstance {
    /** Resolves the request's token to its member, or answers 20002. */
    requireMember(request: FastifyRequest): Promise<Member>;
    /** The check of the request's token to make now; no token at all answers 20002. */
    tokenCheck(request: FastifyRequest): TokenCheck;
    /**
     * A token check's outcome: the member whose live session the check found (kept for
     * MEMBER_KEPT_MS), or 20002 when it found none.
     */
    tokenChecked(request: FastifyRequest, check: TokenCheck, userId: string | undefined): Member;
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
 * A token's check as an update to build on: the session, if live (not revoked, used within the
 * idle window, its user not deleted), has its idle window slid to `now`; answers its user's id.
 * The first statement of every member call (touch_session), or a CTE of a call's own first
 * statement (registerCall's `tokenInStatement`).
 */
export function touchedSession(
  tx: Tx,
  { tokenHash, now, idleSince }: Record<'tokenHash' | 'now' | 'idleSince', Placeholder>,
) {
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
    .returning({ userId: sessions.userId });
}

/** A token's check on its own (prepared.ts). */
const touchSession = prepared('touch_session', (tx, name) =>
  touchedSession(tx, placeholders('tokenHash', 'now', 'idleSince')).prepare(name),
);

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
    app.decorateRequest('pendingToken', null);
    app.decorate('tokenCheck', (request: FastifyRequest): TokenCheck => {
      const token = tokenFrom(request);
      if (!token) throw new CallError('authFailure');
      const now = app.clock.now();
      const idleSince = new Date(now.getTime() - TOKEN_IDLE_SECONDS * 1000);
      return { tokenHash: hashToken(token), now, idleSince, revocations: revocationCount() };
    });
    app.decorate(
      'tokenChecked',
      (request: FastifyRequest, check: TokenCheck, userId: string | undefined): Member => {
        request.pendingToken = null;
        if (!userId) throw new CallError('authFailure');
        const { tokenHash, now, revocations } = check;
        if (checked.size >= MEMBERS_KEPT) checked.delete(checked.keys().next().value!);
        checked.set(tokenHash, { userId, usedAt: now.getTime(), revocations });
        const member = { userId, tokenHash };
        request.member = member;
        return member;
      },
    );
    app.decorate('requireMember', async (request: FastifyRequest): Promise<Member> => {
      const check = app.tokenCheck(request);
      const { tokenHash, now, idleSince } = check;
      const kept = keptMember(tokenHash, now.getTime());
      if (kept) {
        request.member = kept;
        return kept;
      }
      const touched = await touchSession(app.db).execute({ tokenHash, now, idleSince });
      return app.tokenChecked(request, check, touched[0]?.userId);
    });
  },
  { name: 'auth', dependencies: ['platform'] },
);
