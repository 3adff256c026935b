import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { outbox } from '../../db/schema';
import {
  deliverDue,
  enqueueMessage,
  retryDelayMs,
  type AttachmentRenderer,
  type OutboxFile,
  type OutboxRow,
} from '../outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the outbox', () => {
  it('keeps a message only when its transaction commits', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await enqueueMessage(
          tx,
          { channel: 'email', to: 'lost@example.com', body: 'x' },
          t.clock.now(),
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await enqueueMessage(
      t.app.db,
      { channel: 'sms', to: '+447400123456', body: 'Your code is 123456', code: '123456' },
      t.clock.now(),
    );
    const listed = await t.app.inject({ method: 'GET', url: '/__dev/outbox' });
    const rows =
      listed.json<{ to: string; channel: string; text: string; code: string | null }[]>();
    expect(rows.map((r) => r.to)).toEqual(['+447400123456']);
    expect(rows[0]).toMatchObject({ channel: 'sms', text: 'Your code is 123456', code: '123456' });
  });

  it('delivers through a transport, and retries a failure later with back-off', async () => {
    await enqueueMessage(
      t.app.db,
      { channel: 'email', to: 'ann@example.com', subject: 'Hi', body: 'Hello' },
      t.clock.now(),
    );
    const delivered: OutboxRow[] = [];
    let fail = true;
    const transports = {
      email: (m: OutboxRow) => {
        if (fail) return Promise.reject(new Error('SMTP down'));
        delivered.push(m);
        return Promise.resolve();
      },
    };
    expect(await deliverDue(t.app.db, transports, t.clock)).toBe(0);
    let [row] = await t.app.db
      .select()
      .from(outbox)
      .where((await import('drizzle-orm')).eq(outbox.to, 'ann@example.com'));
    expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP down', sentAt: null });

    fail = false;
    expect(await deliverDue(t.app.db, transports, t.clock)).toBe(0); // not due yet
    t.clock.advance(retryDelayMs(1));
    expect(await deliverDue(t.app.db, transports, t.clock)).toBe(1);
    expect(delivered.map((m) => m.subject)).toEqual(['Hi']);
    [row] = await t.app.db
      .select()
      .from(outbox)
      .where((await import('drizzle-orm')).eq(outbox.to, 'ann@example.com'));
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(await deliverDue(t.app.db, transports, t.clock)).toBe(0);
  });

  it('hands the transport the files a message names, made when it is sent', async () => {
    let version = 1;
    const renderers = new Map<string, AttachmentRenderer>([
      ['note', (_db, id) => Promise.resolve(Buffer.from(`${id} v${version}`))],
      ['gone', () => Promise.resolve(undefined)],
    ]);
    await enqueueMessage(
      t.app.db,
      {
        channel: 'email',
        to: 'files@example.com',
        body: 'With files',
        attachments: [
          { filename: 'a.txt', contentType: 'text/plain', kind: 'note', id: 'row-1' },
          { filename: 'b.txt', contentType: 'text/plain', kind: 'gone', id: 'row-2' },
        ],
      },
      t.clock.now(),
    );
    version = 2;
    const files: { to: string; names: string[]; texts: string[] }[] = [];
    const transports = {
      email: (m: OutboxRow, sent: OutboxFile[]) => {
        files.push({
          to: m.to,
          names: sent.map((f) => f.filename),
          texts: sent.map((f) => f.content.toString('utf8')),
        });
        return Promise.resolve();
      },
    };
    await deliverDue(t.app.db, transports, t.clock, renderers);
    // Made at sending (v2), and one whose row is gone is left out.
    expect(files.find((f) => f.to === 'files@example.com')).toEqual({
      to: 'files@example.com',
      names: ['a.txt'],
      texts: ['row-1 v2'],
    });
  });

  it('leaves a channel with no transport captured', async () => {
    const sent = await deliverDue(t.app.db, {}, t.clock);
    expect(sent).toBe(0);
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
