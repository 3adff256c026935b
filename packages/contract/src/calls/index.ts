import { describeCall, type CallDef, type CallDescriptor } from '../define';
import {
  callUs,
  checkAccountCode,
  clearPopup,
  deleteAccount,
  emailUs,
  myDetails,
  saveMyDetails,
  verifyNewEmail,
  verifyNewMobile,
} from './account';
import {
  bookingDetail,
  bookingList,
  bookingPdf,
  cancelBooking,
  fastTrackBookingDetail,
  usageHistory,
} from './bookings';
import {
  addCard,
  addCardStatus,
  createCardSession,
  deleteCard,
  paymentCards,
  setDefaultCard,
} from './payment';
import { airportListV2, countryListTelCode, tcLink, tcList } from './basic';
import { faqList, contactSubjects } from './help';
import { agentConfigV3, popularPlaces } from './home';
import { checkLoginCode, encryptPublicKey, genToken, logoutByToken, sendLoginCode } from './login';
import {
  changePwd,
  checkResetToken,
  pwdReset,
  resetPwd,
  sendForgetPwd,
  updatePwd,
  verifyForgetPwdCode,
} from './password';
import {
  airportProductFilter,
  airportProductNum,
  diningDetail,
  diningFilter,
  diningList,
  fastTrackList,
  loungeDetail,
  loungeFilter,
  loungeList,
  spaDetail,
  spaFilter,
  spaList,
} from './products';
import {
  checkRegistrationCode,
  checkUserInfo,
  createAndActive,
  sendRegistrationCode,
  verifyCard,
} from './registration';
import {
  accountValidateStatus,
  bindEmail,
  emailValidateStatus,
  sendValidateEmail,
  validateEmail,
} from './user';

/**
 * Every call of the portal, by group (the contract file that declares it) and name. The web loads
 * each group's descriptors where it is used, so a page's first load carries only its own calls.
 */
export const callGroups = {
  basic: { countryListTelCode, airportListV2, tcLink, tcList },
  home: { agentConfigV3, popularPlaces },
  products: {
    airportProductNum,
    airportProductFilter,
    loungeList,
    loungeFilter,
    loungeDetail,
    diningList,
    diningFilter,
    diningDetail,
    spaList,
    spaFilter,
    spaDetail,
    fastTrackList,
  },
  help: { faqList, contactSubjects },
  user: { emailValidateStatus, sendValidateEmail, validateEmail, accountValidateStatus, bindEmail },
  login: { encryptPublicKey, genToken, logoutByToken, sendLoginCode, checkLoginCode },
  password: {
    sendForgetPwd,
    verifyForgetPwdCode,
    checkResetToken,
    resetPwd,
    pwdReset,
    changePwd,
    updatePwd,
  },
  registration: {
    verifyCard,
    checkUserInfo,
    sendRegistrationCode,
    checkRegistrationCode,
    createAndActive,
  },
  account: {
    myDetails,
    saveMyDetails,
    verifyNewEmail,
    verifyNewMobile,
    checkAccountCode,
    emailUs,
    callUs,
    clearPopup,
    deleteAccount,
  },
  bookings: {
    bookingList,
    bookingDetail,
    fastTrackBookingDetail,
    cancelBooking,
    bookingPdf,
    usageHistory,
  },
  payment: { createCardSession, paymentCards, addCard, addCardStatus, setDefaultCard, deleteCard },
} as const satisfies Record<string, Record<string, CallDef>>;

export type CallGroups = typeof callGroups;
export type CallGroupName = keyof CallGroups;

/** Every call of the portal, by name. The api registers each; the web calls them by name. */
export const calls = {
  ...callGroups.basic,
  ...callGroups.home,
  ...callGroups.products,
  ...callGroups.help,
  ...callGroups.user,
  ...callGroups.login,
  ...callGroups.password,
  ...callGroups.registration,
  ...callGroups.account,
  ...callGroups.bookings,
  ...callGroups.payment,
} as const satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export * from './account';
export * from './bookings';
export * from './basic';
export * from './help';
export * from './home';
export * from './login';
export * from './payment';
export * from './products';
export * from './user';

export type CallDescriptors = { readonly [K in CallName]: CallDescriptor<Calls[K]> };

/** One group's run-time descriptors, as `virtual:call-descriptors/<group>` gives them. */
export type GroupDescriptors<G extends CallGroupName> = {
  readonly [K in keyof CallGroups[G]]: CallGroups[G][K] extends CallDef
    ? CallDescriptor<CallGroups[G][K]>
    : never;
};

function describeAll<T extends Record<string, CallDef>>(group: T) {
  return Object.fromEntries(
    Object.entries(group).map(([name, call]) => [name, describeCall(name, call)]),
  );
}

/** Every call's run-time descriptor (path, auth, success state, error names), built from `calls`. */
export function callDescriptors(): CallDescriptors {
  return describeAll(calls) as unknown as CallDescriptors;
}

/** One group's run-time descriptors. */
export function groupDescriptors<G extends CallGroupName>(group: G): GroupDescriptors<G> {
  return describeAll(callGroups[group]) as unknown as GroupDescriptors<G>;
}
