import { TOKEN_IDLE_SECONDS } from '@portal/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, users } from '../db/schema';
import { liveUser } from '../members/member-row';
import { CallError } from '../platform/call-error';
import { hashToken } from '../platform/crypto';

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

export const authPlugin = fp(
  (app: FastifyInstance) => {
    app.decorateRequest('member', null);
    app.decorate('requireMember', async (request: FastifyRequest): Promise<Member> => {
      const token = tokenFrom(request);
      if (!token) throw new CallError('authFailure');
      const tokenHash = hashToken(token);
      const now = app.clock.now();
      const idleSince = new Date(now.getTime() - TOKEN_IDLE_SECONDS * 1000);
      // One statement checks the token is live (not revoked, used within the idle window,
      // its user not deleted) and slides the idle window.
      const touched = await app.db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.lastUsedAt, idleSince),
          ),
        )
        .returning({ userId: sessions.userId });
      const userId = touched[0]?.userId;
      if (!userId) throw new CallError('authFailure');
      const [user] = await app.db.select({ id: users.id }).from(users).where(liveUser(userId));
      if (!user) throw new CallError('authFailure');
      const member = { userId, tokenHash };
      request.member = member;
      return member;
    });
  },
  { name: 'auth', dependencies: ['platform'] },
);
