import type { Airport, DigitalCard, Issuer } from '@portal/contract';

export interface UserInfo {
  firstName: string;
  lastName: string;
  initials?: string;
  channel?: string;
  lang?: string;
  email?: string;
  mobileNo?: string;
  mobileNoPrefix?: string;
  countryCode?: string;
}

export interface CookieConsent {
  consent: 'accepted' | 'declined';
  analytics: boolean;
  /** Epoch ms; consent is asked again after it (spec section 9: 11 months). */
  expiresAt: number;
}

export interface MembershipCardPreview {
  dpid: string;
  cardHolder: string;
  expiry: string;
  cardBg?: string;
  /** The bank that issued it (a preview stored before it was sent has none: the site's). */
  issuer?: Issuer;
}

export type GlobalBankLists = Partial<Record<Exclude<Issuer, 'default'>, unknown[]>>;

/** A flow's unsaved answers, kept for the tab so a reload does not lose them. */
export type Draft = Record<string, unknown>;

/** The value type of every client storage key (spec section 3). */
export interface StorageValues {
  token: string;
  isLogin: boolean;
  userInfo: UserInfo;
  tokenExpirySeconds: number;
  COOKBANNER: CookieConsent;
  mbNum: string;
  mbInfo: MembershipCardPreview;
  ASuuid: string;
  verType: 'mobile' | 'email';
  asinfo: { expiry: number };
  globalBank: GlobalBankLists;
  airItem: Airport;
  airData: Airport[];
  issuer: Issuer;
  /** The tab's brand was named by an address (?issuer=, ?channel=, an issuer's host): a login keeps it. */
  issuerNamed: boolean;
  channel: string;
  loungeCode: string;
  /** Lock and busy timers: epoch ms until which the action is refused. */
  newTimeAs: number;
  lockedAs: number;
  busyAs: number;
  newMobileBusy: number;
  newEmailBusy: number;
  loginWithNum: string;
  isFirstLogin: boolean;
  chargeNum: number;
  /** The digital card's token and TOTP secret, kept on the device so it shows offline. */
  digitalCard: DigitalCard;
  signUpDraft: Draft;
  prebookingDraft: Draft;
  cipPrebookingDraft: Draft;
  membershipDraft: Draft;
  /** Set when a route chunk failed and the page reloaded, so it reloads only once. */
  chunkReload: boolean;
  /** Ids of the important notices (agent config) the visitor has read. */
  noticesSeen: string[];
  /** The maintenance window whose ribbon the visitor closed this session ("from|to"). */
  maintenanceClosed: string;
  /** Epoch ms of the last member call the server answered: the idle logout counts from it. */
  lastActivity: number;
}

export type StorageKey = keyof StorageValues;
