import type { MyDetails } from '@portal/contract';
import { storage } from '@/shared/storage/storage';
import { getInitials } from '@/shared/storage/use-auth';

/** The saved profile in the stored user info (spec section 3), so the header's initials follow. */
export function rememberUserInfo(details: MyDetails): void {
  const names = { firstName: details.firstName, lastName: details.lastName };
  storage.set('userInfo', {
    ...storage.get('userInfo'),
    ...names,
    initials: getInitials(names),
    email: details.email,
    mobileNo: details.mobileNo,
    mobileNoPrefix: details.mobileNoPrefix,
    countryCode: details.mobileAreaCode,
  });
}
