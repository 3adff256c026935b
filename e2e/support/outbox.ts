import { expect } from 'vitest';

export interface SentMessage {
  id: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string | null;
  text: string;
  code: string | null;
  link: string | null;
  /** The files it carries; `url` fetches one as it is made when sent. */
  attachments: { filename: string; contentType: string; url: string }[];
  createdAt: string;
}

/** What the portal has sent (development outbox), newest first. */
export async function sentMessages(portalUrl: string): Promise<SentMessage[]> {
  const response = await fetch(`${portalUrl}/__dev/outbox`);
  expect(response.ok).toBe(true);
  return (await response.json()) as SentMessage[];
}

/** The ids of what has been sent so far, to tell a new message from older ones. */
export async function sentIds(portalUrl: string): Promise<Set<string>> {
  return new Set((await sentMessages(portalUrl)).map((m) => m.id));
}

/**
 * Waits for a new message (not in `known`) with a code to `to`, and answers its code. The code
 * must also be in the text the member reads.
 */
export async function waitForCode(
  portalUrl: string,
  to: string,
  known: Set<string>,
): Promise<string> {
  let found: SentMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await sentMessages(portalUrl)).find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && m.code !== null && !known.has(m.id),
        );
        return found !== undefined;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const code = found?.code ?? '';
  expect(code).toMatch(/^\d{6}$/);
  expect(found?.text).toContain(code);
  return code;
}
