import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { preparedInsert } from '../db/prepared';
import { outbox, type OutboxAttachment, type OutboxChannel } from '../db/schema';
import type { Clock } from './clock';

export interface OutgoingMessage {
  channel: OutboxChannel;
  to: string;
  subject?: string;
  body: string;
  /** A verification code the message carries (dev listing and tests read it). */
  code?: string;
  /** A link the message carries. */
  link?: string;
  /** Files it carries, made when it is sent (see AttachmentRenderers). */
  attachments?: OutboxAttachment[];
}

/** The columns a queued message is written with (the others take their defaults). */
export const OUTBOX_COLUMNS = [
  'channel',
  'to',
  'subject',
  'body',
  'code',
  'link',
  'attachments',
  'createdAt',
  'nextAttemptAt',
] as const;

/** enqueueMessage's statement (prepared.ts). */
const outboxInsert = preparedInsert('outbox_insert', outbox, OUTBOX_COLUMNS);

/** A message's row as it is queued at `now` (enqueueMessage, or an insert written with it). */
export const outboxValues = (message: OutgoingMessage, now: Date) => ({
  channel: message.channel,
  to: message.to,
  subject: message.subject ?? null,
  body: message.body,
  code: message.code ?? null,
  link: message.link ?? null,
  attachments: message.attachments ?? [],
  createdAt: now,
  nextAttemptAt: now,
});

/** Writes a message in the caller's transaction: it is sent only if the change commits. */
export async function enqueueMessage(tx: Tx, message: OutgoingMessage, now: Date): Promise<void> {
  await outboxInsert(tx).execute(outboxValues(message, now));
}

export type OutboxRow = typeof outbox.$inferSelect;

/** A file as a transport attaches it. */
export interface OutboxFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Makes the file an attachment names, from its row (`id`) as it is at sending time; undefined
 * when the row is gone (the message then goes without it).
 */
export type AttachmentRenderer = (db: Db, id: string, now: Date) => Promise<Buffer | undefined>;
export type AttachmentRenderers = ReadonlyMap<string, AttachmentRenderer>;

/** Delivers one message with its files; throws to have it retried later. */
export type Transport = (message: OutboxRow, files: OutboxFile[]) => Promise<void>;

/** The files of a message, made by the renderers registered for their kinds. */
export async function renderAttachments(
  db: Db,
  renderers: AttachmentRenderers,
  message: Pick<OutboxRow, 'attachments'>,
  now: Date,
): Promise<OutboxFile[]> {
  const files: OutboxFile[] = [];
  for (const attachment of message.attachments) {
    const render = renderers.get(attachment.kind);
    if (!render) throw new Error(`no renderer for ${attachment.kind} attachments`);
    const content = await render(db, attachment.id, now);
    if (content)
      files.push({ filename: attachment.filename, contentType: attachment.contentType, content });
  }
  return files;
}

export type Transports = Partial<Record<OutboxChannel, Transport>>;

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** Back-off: 30 s, 1 min, 2 min ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Sends what is due through the transports that are configured. A channel without a transport
 * keeps its messages captured (unsent), readable at /__dev/outbox in development.
 */
export async function deliverDue(
  db: Db,
  transports: Transports,
  clock: Clock,
  renderers: AttachmentRenderers = new Map(),
): Promise<number> {
  let sent = 0;
  for (const channel of Object.keys(transports) as OutboxChannel[]) {
    const transport = transports[channel];
    if (!transport) continue;
    const due = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.channel, channel),
          isNull(outbox.sentAt),
          lte(outbox.nextAttemptAt, clock.now()),
          lte(outbox.attempts, MAX_ATTEMPTS - 1),
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(BATCH);
    for (const message of due) {
      const attempts = message.attempts + 1;
      try {
        await transport(message, await renderAttachments(db, renderers, message, clock.now()));
        await db
          .update(outbox)
          .set({ sentAt: clock.now(), attempts, lastError: null })
          .where(eq(outbox.id, message.id));
        sent++;
      } catch (err) {
        const lastError = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed';
        await db
          .update(outbox)
          .set({
            attempts,
            lastError,
            nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, message.id));
      }
    }
  }
  return sent;
}
