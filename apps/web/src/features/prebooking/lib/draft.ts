import { storage } from '@/shared/storage/storage';

/** A lounge booking in progress, kept for the tab (session storage) across its steps. */
export interface PrebookingDraft {
  code: string;
  date?: string;
  time?: string;
  guests?: string[];
  infants?: number;
  flightNumber?: string;
  /** The membership whose passes pay; '' for none. */
  dpid?: string;
  passesOnly?: boolean;
  /** Once step 1 is done: the hold on the places, and when it lapses. */
  holdId?: string;
  expiresAt?: string;
}

const isDraft = (value: unknown): value is PrebookingDraft =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { code?: unknown }).code === 'string';

export function readDraft(): PrebookingDraft | undefined {
  const draft = storage.get('prebookingDraft');
  return isDraft(draft) ? draft : undefined;
}

export function saveDraft(draft: PrebookingDraft): void {
  storage.set('prebookingDraft', { ...draft });
}

export function clearDraft(): void {
  storage.remove('prebookingDraft');
}

/** "YYYY-MM-DD" of the browser's calendar `days` from today. */
export function daysFromToday(days: number, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}
