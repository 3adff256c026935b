import { DEFAULT_AREA_CODE, DEFAULT_DIAL_CODE, type SendType } from '@portal/contract';
import { storage } from '@/shared/storage/storage';

/** The numbered steps, from 0 (spec section 2: step index 0 to 3; 3 is the success screen). */
export type FormStep = 0 | 1 | 2;

/** Step 2 as typed, with the dial code picked and how the code should travel. */
export interface DetailsDraft {
  firstName: string;
  lastName: string;
  email: string;
  mobileNoPrefix: string;
  mobileNo: string;
  mobileAreaCode: string;
  sendType: SendType;
}

/** What a reload keeps of a registration in progress (never the password). */
export interface SignUpDraft {
  step: FormStep;
  /** The membership number as typed, grouped in fours. */
  dpid: string;
  details: DetailsDraft;
}

const EMPTY_DETAILS: DetailsDraft = {
  firstName: '',
  lastName: '',
  email: '',
  mobileNoPrefix: DEFAULT_DIAL_CODE,
  mobileNo: '',
  mobileAreaCode: DEFAULT_AREA_CODE,
  sendType: 'sms',
};

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function detailsOf(value: unknown): DetailsDraft {
  if (!isRecord(value)) return EMPTY_DETAILS;
  const details = { ...EMPTY_DETAILS };
  for (const key of Object.keys(EMPTY_DETAILS) as (keyof DetailsDraft)[]) {
    if (key !== 'sendType') details[key] = text(value[key], EMPTY_DETAILS[key]);
  }
  details.sendType = value.sendType === 'email' ? 'email' : 'sms';
  return details;
}

/**
 * The stored draft, each part checked. A step past the first needs the registration session
 * (ASuuid): without it the member starts from the number again.
 */
export function readSignUpDraft(): SignUpDraft {
  const stored = storage.get('signUpDraft') ?? {};
  const step = stored.step === 1 || stored.step === 2 ? stored.step : 0;
  return {
    step: storage.get('ASuuid') ? step : 0,
    dpid: text(stored.dpid, ''),
    details: detailsOf(stored.details),
  };
}

export function saveSignUpDraft(change: Partial<SignUpDraft>): void {
  storage.set('signUpDraft', { ...readSignUpDraft(), ...change });
}

/** The end of a registration, or of its session: what only that session needed. */
export function endRegistrationSession(): void {
  storage.remove('ASuuid', 'verType', 'asinfo');
}

/** A registration done: every draft of it is gone (spec section 4). */
export function clearSignUpDrafts(): void {
  endRegistrationSession();
  storage.remove('signUpDraft', 'mbNum', 'newTimeAs', 'newMobileBusy', 'newEmailBusy');
}
