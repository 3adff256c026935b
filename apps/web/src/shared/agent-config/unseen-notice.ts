import type { Notice } from '@portal/contract';
import { storage } from '../storage/storage';
import { useStorageValue } from '../storage/use-storage-value';
import { useAgentConfig } from './get-agent-config';

const none: readonly string[] = [];

/**
 * The first of the channel's one-time notices (e.g. the visa service) this visitor has not read:
 * `undefined` while the configuration loads, `null` when there is none to show (or it failed).
 */
export function useUnseenNotice(): Notice | null | undefined {
  const config = useAgentConfig();
  const seen = useStorageValue('noticesSeen') ?? none;
  // A configuration that failed to load has no notice to wait for.
  if (config.isError) return null;
  const notices = config.data?.notices;
  if (!notices) return undefined;
  return notices.find((n) => !seen.includes(n.id)) ?? null;
}

/** The notice was read: it is not shown again in this browser. */
export function markNoticeSeen(id: string): void {
  const seen = storage.get('noticesSeen') ?? none;
  if (!seen.includes(id)) storage.set('noticesSeen', [...seen, id]);
}
