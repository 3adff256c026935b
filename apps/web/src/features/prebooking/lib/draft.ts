import type { DRAFT_KEYS } from '@/shared/storage/storage-keys';
import { storage } from '@/shared/storage/storage';

/** What every booking draft has: the product, and once its passengers are known, the hold. */
export interface DraftBase {
  code: string;
  /** The hold on the places, and when it lapses. */
  holdId?: string;
  expiresAt?: string;
}

/** A lounge booking in progress, kept for the tab (session storage) across its steps. */
export interface PrebookingDraft extends DraftBase {
  date?: string;
  time?: string;
  guests?: string[];
  infants?: number;
  flightNumber?: string;
  /** The membership whose passes pay; '' for none. */
  dpid?: string;
  passesOnly?: boolean;
}

/** One flow's draft in session storage: read, saved whole, cleared, its hold let go. */
export interface DraftStore<D extends DraftBase> {
  read: () => D | undefined;
  save: (draft: D) => void;
  clear: () => void;
  /** The draft without its hold (lapsed or given up): what the member chose stays. */
  dropHold: () => void;
}

type DraftKey = Exclude<(typeof DRAFT_KEYS)[number], 'signUpDraft' | 'membershipDraft'>;

export function draftStore<D extends DraftBase>(key: DraftKey): DraftStore<D> {
  const read = (): D | undefined => {
    const draft = storage.get(key);
    return typeof draft === 'object' &&
      draft !== null &&
      typeof (draft as { code?: unknown }).code === 'string'
      ? (draft as unknown as D)
      : undefined;
  };
  const save = (draft: D) => storage.set(key, { ...draft } as Record<string, unknown>);
  return {
    read,
    save,
    clear: () => storage.remove(key),
    dropHold: () => {
      const draft = read();
      if (!draft) return;
      const { holdId: _holdId, expiresAt: _expiresAt, ...rest } = draft;
      save(rest as D);
    },
  };
}

export const loungeDraft = draftStore<PrebookingDraft>('prebookingDraft');
export const readDraft = loungeDraft.read;
export const saveDraft = loungeDraft.save;
export const clearDraft = loungeDraft.clear;

/** "YYYY-MM-DD" of the browser's calendar `days` from today. */
export function daysFromToday(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
