import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { and, eq, gt, isNull, lte, sql, type Placeholder } from 'drizzle-orm';
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
 * touch_session statement, or inside a call's own first statement (tokenCheckParts).
 */
export interface TokenCheck {
  tokenHash: string;
  /** The portal clock's time of the check: the session's last use once it passes. */
  now: Date;
  /** Sessions last used before this have lapsed (TOKEN_IDLE_SECONDS). */
  idleSince: Date;
  /** A live session last recorded as used before this slides (SESSION_SLIDE_SECONDS). */
  slideBefore: Date;
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
    /**
     * The member of the token in an Authorization header when this process keeps a check of it
     * that requireMember would take as it is (no statement), and a call would take the header;
     * undefined otherwise (fast-reads.ts).
     */
    keptMemberOf(authorization: string): string | undefined;
    /** The check of the request's token to make now; no token at all answers 20002. */
    tokenCheck(request: FastifyRequest): TokenCheck;
    /**
     * A token check's outcome: the member whose live session the check found (kept for
     * MEMBER_KEPT_MS), or 20002 when it found none.
     */
    tokenChecked(request: FastifyRequest, check: TokenCheck, userId: string | undefined): Member;
  }
}

/** The longest Authorization header a call takes (its headers' schema, calls.ts): 10001 past it. */
export const AUTHORIZATION_MAX_LENGTH = 600;

/** The token from `Authorization`, with or without `Bearer `. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  return tokenIn(request.headers.authorization);
}

/** The token in an Authorization header's value (tokenFrom). */
function tokenIn(authorization: string | undefined): string | undefined {
  const header = authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 512 ? token : undefined;
}

/**
 * How long a token checked against the database is taken on this process's word (issue 23: a
 * member's calls come in bursts, each check was a write). Within it, a revocation by another
 * process (a logout, a password changed elsewhere) may go unseen; one by this process is seen at
 * once. The idle window slides in the database as a check finds it due (SESSION_SLIDE_SECONDS).
 */
export const MEMBER_KEPT_MS = 5000;
/** Tokens kept at most; past it the oldest check is forgotten (and made again when needed). */
const MEMBERS_KEPT = 10_000;

/** A token's last check against the database. */
interface Checked {
  userId: string;
  /** The portal clock's time of the check: it is kept MEMBER_KEPT_MS of that clock (tests move it). */
  usedAt: number;
  /** The revocation count the check was made at. */
  revocations: number;
}

/**
 * How far a session's recorded last use may lag behind its real one: the idle window slides (a
 * write) only once the recorded use is this old, so a member's calls write their session at most
 * once a minute, not on every check (issue 23). With the checks kept MEMBER_KEPT_MS, a session
 * may end up to both together (65 s) before TOKEN_IDLE_SECONDS after its real last use.
 */
export const SESSION_SLIDE_SECONDS = 60;

/** The values of a token's check, as a statement's placeholders. */
export type TokenCheckValues = Record<
  'tokenHash' | 'now' | 'idleSince' | 'slideBefore',
  Placeholder
>;

/** A token check's values for its statement (tokenCheckParts' placeholders). */
export const tokenCheckValues = ({ tokenHash, now, idleSince, slideBefore }: TokenCheck) => ({
  tokenHash,
  now,
  idleSince,
  slideBefore,
});

/** The token's session, if live: not revoked, used within the idle window. */
const liveSessionOf = ({ tokenHash, idleSince }: TokenCheckValues) =>
  and(
    eq(sessions.tokenHash, tokenHash),
    isNull(sessions.revokedAt),
    gt(sessions.lastUsedAt, idleSince),
  );

/**
 * A token's check in two parts to build a statement on (its first two CTEs; a data-modifying one
 * must be at the top): `slide`, the live session's idle window slid to `now` once its recorded use
 * is SESSION_SLIDE_SECONDS old, and `live`, the id of the live session's user (not deleted). The
 * first statement of every member call (touch_session), or of a call's own (registerCall's
 * `tokenInStatement`).
 */
export function tokenCheckParts(tx: Tx, values: TokenCheckValues) {
  const liveUser = and(eq(users.id, sessions.userId), isNull(users.deletedAt));
  const slide = tx.$with('session_slide').as(
    tx
      .update(sessions)
      .set({ lastUsedAt: sql`${values.now}` })
      .from(users)
      .where(and(liveSessionOf(values), lte(sessions.lastUsedAt, values.slideBefore), liveUser))
      .returning({ userId: sessions.userId }),
  );
  const live = tx
    .$with('live_session')
    .as(
      tx
        .select({ userId: sessions.userId })
        .from(sessions)
        .innerJoin(users, liveUser)
        .where(liveSessionOf(values)),
    );
  return { slide, live };
}

/** A token's check on its own (prepared.ts). */
const touchSession = prepared('touch_session', (tx, name) => {
  const { slide, live } = tokenCheckParts(
    tx,
    placeholders('tokenHash', 'now', 'idleSince', 'slideBefore'),
  );
  return tx.with(slide, live).select({ userId: live.userId }).from(live).prepare(name);
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

    app.decorate('keptMemberOf', (authorization: string) => {
      // A header a call would refuse (10001) is no member's, whatever the token in it.
      if (authorization.length > AUTHORIZATION_MAX_LENGTH) return undefined;
      const token = tokenIn(authorization);
      if (!token) return undefined;
      return keptMember(hashToken(token), app.clock.now().getTime())?.userId;
    });
    app.decorateRequest('member', null);
    app.decorateRequest('pendingToken', null);
    app.decorate('tokenCheck', (request: FastifyRequest): TokenCheck => {
      const token = tokenFrom(request);
      if (!token) throw new CallError('authFailure');
      const now = app.clock.now();
      const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
      return {
        tokenHash: hashToken(token),
        now,
        idleSince: before(TOKEN_IDLE_SECONDS),
        slideBefore: before(SESSION_SLIDE_SECONDS),
        revocations: revocationCount(),
      };
    });
    app.decorate(
      'tokenChecked',
      (request: FastifyRequest, check: TokenCheck, userId: string | undefined): Member => {
        request.pendingToken = null;
        const { tokenHash, now, revocations } = check;
        if (!userId) {
          // Found ended: an earlier check this process keeps of the token no longer holds.
          checked.delete(tokenHash);
          throw new CallError('authFailure');
        }
        if (checked.size >= MEMBERS_KEPT) checked.delete(checked.keys().next().value!);
        checked.set(tokenHash, { userId, usedAt: now.getTime(), revocations });
        const member = { userId, tokenHash };
        request.member = member;
        return member;
      },
    );
    app.decorate('requireMember', async (request: FastifyRequest): Promise<Member> => {
      const check = app.tokenCheck(request);
      const kept = keptMember(check.tokenHash, check.now.getTime());
      if (kept) {
        request.member = kept;
        return kept;
      }
      const touched = await touchSession(app.db).execute(tokenCheckValues(check));
      return app.tokenChecked(request, check, touched[0]?.userId);
    });
  },
  { name: 'auth', dependencies: ['platform'] },
);
