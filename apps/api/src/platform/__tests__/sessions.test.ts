import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema';
import { hashToken } from '../crypto';
import { createSession, revokeUserSessions } from '../sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const live = async (userId: string) =>
  (
    await t.app.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).map((s) => s.tokenHash);

describe('revokeUserSessions', () => {
  it("ends every session of the user, but the one kept, and no one else's", async () => {
    const ann = await insertUser(t.app.db, { email: 'ann@example.com' });
    const bob = await insertUser(t.app.db, { email: 'bob@example.com' });
    const now = t.clock.now();
    const kept = await createSession(t.app.db, ann.id, now);
    await createSession(t.app.db, ann.id, now);
    await createSession(t.app.db, ann.id, now);
    await createSession(t.app.db, bob.id, now);

    const ended = await revokeUserSessions(t.app.db, ann.id, now, { except: hashToken(kept) });
    expect(ended).toBe(2);
    expect(await live(ann.id)).toEqual([hashToken(kept)]);
    expect(await live(bob.id)).toHaveLength(1);

    expect(await revokeUserSessions(t.app.db, ann.id, now)).toBe(1);
    expect(await live(ann.id)).toEqual([]);
    expect(await live(bob.id)).toHaveLength(1);
  });
});
