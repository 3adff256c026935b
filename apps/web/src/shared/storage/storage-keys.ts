import { normaliseIssuer } from '@portal/contract';
import type { StorageKey, StorageValues } from './storage-types';

export type StorageArea = 'local' | 'session';

interface KeyDef<K extends StorageKey> {
  area: StorageArea;
  /** Rejects a stored value of the wrong shape (edited by hand, or written by an older build). */
  accepts: (value: unknown) => value is StorageValues[K];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
const hasStrings =
  (...fields: string[]) =>
  (v: unknown): v is Record<string, string> =>
    isRecord(v) && fields.every((f) => typeof v[f] === 'string');

const local = <K extends StorageKey>(accepts: (v: unknown) => boolean): KeyDef<K> => ({
  area: 'local',
  accepts: accepts as KeyDef<K>['accepts'],
});
const session = <K extends StorageKey>(accepts: (v: unknown) => boolean): KeyDef<K> => ({
  area: 'session',
  accepts: accepts as KeyDef<K>['accepts'],
});

/**
 * Where each key lives. Login state, consent and recent airports outlive the tab
 * (localStorage); the state of a flow in progress belongs to one tab (sessionStorage).
 */
export const storageKeys: { [K in StorageKey]: KeyDef<K> } = {
  token: local(isString),
  isLogin: local(isBoolean),
  userInfo: local(hasStrings('firstName', 'lastName')),
  tokenExpirySeconds: local(isNumber),
  COOKBANNER: local(
    (v) =>
      isRecord(v) &&
      (v.consent === 'accepted' || v.consent === 'declined') &&
      isNumber(v.expiresAt),
  ),
  airData: local((v) => isArray(v) && v.every(hasStrings('iataCode', 'name', 'city'))),
  mbNum: session(isString),
  mbInfo: session(hasStrings('dpid', 'cardHolder')),
  ASuuid: session(isString),
  verType: session((v) => v === 'mobile' || v === 'email'),
  asinfo: session((v) => isRecord(v) && isNumber(v.expiry)),
  globalBank: session(isRecord),
  airItem: session(hasStrings('iataCode', 'name')),
  issuer: session((v) => isString(v) && normaliseIssuer(v) === v),
  channel: session(isString),
  issuerNamed: session(isBoolean),
  loungeCode: session(isString),
  newTimeAs: session(isNumber),
  lockedAs: session(isNumber),
  busyAs: session(isNumber),
  newMobileBusy: session(isNumber),
  newEmailBusy: session(isNumber),
  loginWithNum: session(isString),
  isFirstLogin: session(isBoolean),
  chargeNum: session(isNumber),
  digitalCard: local(hasStrings('token', 'secret', 'dpid', 'tokenExpiresAt')),
  signUpDraft: session(isRecord),
  prebookingDraft: session(isRecord),
  cipPrebookingDraft: session(isRecord),
  membershipDraft: session(isRecord),
  chunkReload: session(isBoolean),
  noticesSeen: local((v) => isArray(v) && v.every(isString)),
  maintenanceClosed: session(isString),
  lastActivity: local(isNumber),
};

export const DRAFT_KEYS = [
  'signUpDraft',
  'prebookingDraft',
  'cipPrebookingDraft',
  'membershipDraft',
] as const satisfies readonly StorageKey[];
