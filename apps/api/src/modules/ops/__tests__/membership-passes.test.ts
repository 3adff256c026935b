import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMembership } from '../../../../test/fixtures';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { memberships } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPasses = (body: unknown, remoteAddress = '127.0.0.1') =>
  t.app
    .inject({
      method: 'POST',
      url: '/ops-api/memberships/passes',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
    .then((r) => ({ status: r.statusCode, body: r.json<Record<string, unknown>>() }));

const passesOf = async (dpid: string) => {
  const [row] = await t.app.db.select().from(memberships).where(eq(memberships.dpid, dpid));
  return { left: row!.passesPerYear + row!.passesBought - row!.passesUsed, row: row! };
};

describe('POST /ops-api/memberships/passes', () => {
  it("sets a membership's passes left, down by using them and up by adding bought ones", async () => {
    const m = await insertMembership(t.app.db, { passesPerYear: 6, passesUsed: 2 });
    expect(await setPasses({ dpid: m.dpid, passesLeft: 1 })).toEqual({
      status: 200,
      body: { dpid: m.dpid, passesLeft: 1 },
    });
    expect((await passesOf(m.dpid)).row).toMatchObject({ passesUsed: 5, passesBought: 0 });
    await setPasses({ dpid: m.dpid, passesLeft: 9 });
    expect(await passesOf(m.dpid)).toMatchObject({
      left: 9,
      row: { passesUsed: 0, passesBought: 3 },
    });
  });

  it('answers unknown-membership for a number not issued, and invalid-request for bad input', async () => {
    expect(await setPasses({ dpid: '1234567812345678', passesLeft: 1 })).toMatchObject({
      status: 404,
      body: { error: 'unknown-membership' },
    });
    expect(await setPasses({ dpid: '12', passesLeft: -1 })).toMatchObject({
      status: 400,
      body: { error: 'invalid-request' },
    });
  });
});
