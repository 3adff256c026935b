import { describeCall, type CallDef, type CallDescriptor } from '../define';
import {
  bookingDetail,
  bookingList,
  bookingPdf,
  callUs,
  cancelBooking,
  checkAccountCode,
  clearPopup,
  deleteAccount,
  emailUs,
  fastTrackBookingDetail,
  myDetails,
  saveMyDetails,
  usageHistory,
  verifyNewEmail,
  verifyNewMobile,
} from './account';
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
  accountValidateStatus,
  bindEmail,
  checkRegistrationCode,
  checkUserInfo,
  createAndActive,
  sendRegistrationCode,
  verifyCard,
} from './registration';
import { emailValidateStatus, sendValidateEmail, validateEmail } from './user';

/** Every call of the portal, by name. The api registers each; the web calls them by name. */
export const calls = {
  countryListTelCode,
  airportListV2,
  tcLink,
  tcList,
  agentConfigV3,
  popularPlaces,
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
  faqList,
  contactSubjects,
  emailValidateStatus,
  sendValidateEmail,
  validateEmail,
  encryptPublicKey,
  genToken,
  logoutByToken,
  sendLoginCode,
  checkLoginCode,
  sendForgetPwd,
  verifyForgetPwdCode,
  checkResetToken,
  resetPwd,
  pwdReset,
  changePwd,
  updatePwd,
  verifyCard,
  checkUserInfo,
  sendRegistrationCode,
  checkRegistrationCode,
  createAndActive,
  accountValidateStatus,
  bindEmail,
  myDetails,
  saveMyDetails,
  verifyNewEmail,
  verifyNewMobile,
  checkAccountCode,
  bookingList,
  bookingDetail,
  fastTrackBookingDetail,
  cancelBooking,
  bookingPdf,
  usageHistory,
  emailUs,
  callUs,
  clearPopup,
  deleteAccount,
} as const satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export * from './account';
export * from './basic';
export * from './help';
export * from './home';
export * from './login';
export * from './products';
export * from './user';

export type CallDescriptors = { readonly [K in CallName]: CallDescriptor<Calls[K]> };

/** Every call's run-time descriptor (path, auth, success state, error names), built from `calls`. */
export function callDescriptors(): CallDescriptors {
  return Object.fromEntries(
    Object.entries(calls).map(([name, call]) => [name, describeCall(name, call)]),
  ) as unknown as CallDescriptors;
}
