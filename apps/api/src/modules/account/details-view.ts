import type { MyDetails } from '@portal/contract';
import type { Tx } from '../../db/client';
import type { User } from '../../members/member-row';
import { membershipsOf } from '../../members/membership-in-use';

/** The member's numbers, first registered first (the first is their first membership). */
async function membershipNumbersOf(tx: Tx, userId: string): Promise<string[]> {
  return (await membershipsOf(tx, userId)).map((row) => row.dpid);
}

/** What the account pages show and edit of a member. */
export async function detailsOf(tx: Tx, user: User): Promise<MyDetails> {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailIsCheck: user.emailVerifiedAt !== null,
    mobileNoPrefix: user.mobilePrefix,
    mobileNo: user.mobileNumber,
    mobileAreaCode: user.mobileAreaCode,
    membershipNumbers: await membershipNumbersOf(tx, user.id),
  };
}
