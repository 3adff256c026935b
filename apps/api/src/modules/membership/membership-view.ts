import type { Issuer, Membership } from '@portal/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships } from '../../db/schema';
import { cardArt } from '../../members/membership-card';
import {
  membershipsWithInUse,
  passesLeft,
  type MembershipRow,
} from '../../members/membership-in-use';
import { maskMembershipNumber } from '../../members/membership-number';
import { cardTypeOf, guestAllowanceOf } from '../../platform/issuer-config';

type Holders = ReadonlyMap<string, string | null>;

/** A membership as the member sees it (contract `membershipSchema`). */
export function membershipView(row: MembershipRow, inUse: boolean, holders: Holders): Membership {
  const issuer = row.issuer as Issuer;
  return {
    dpid: row.dpid,
    issuer,
    cardName: cardTypeOf(issuer, row.cardType)?.name ?? row.cardType,
    holderName: row.holderName,
    issuedOn: row.registeredAt ? row.registeredAt.toISOString().slice(0, 10) : null,
    expiresOn: row.expiresOn,
    status: row.status,
    inUse,
    entitlements: {
      passesPerYear: row.passesPerYear,
      passesBought: row.passesBought,
      passesUsed: row.passesUsed,
      passesLeft: passesLeft(row),
      ...guestAllowanceOf(row),
    },
    sharedWith: row.jointHolders.map((dpid) => ({
      dpid: maskMembershipNumber(dpid),
      holderName: holders.get(dpid) ?? null,
    })),
    cardBg: cardArt(row),
  };
}

/** The holder names of the joint holders of these memberships. */
async function jointHolderNames(tx: Tx, rows: readonly MembershipRow[]): Promise<Holders> {
  const numbers = [...new Set(rows.flatMap((r) => r.jointHolders))];
  if (numbers.length === 0) return new Map();
  const found = await tx
    .select({ dpid: memberships.dpid, holderName: memberships.holderName })
    .from(memberships)
    .where(inArray(memberships.dpid, numbers));
  return new Map(found.map((m) => [m.dpid, m.holderName]));
}

/** The member's memberships as they see them: the one in use first, then by registration. */
export async function memberMemberships(tx: Tx, userId: string): Promise<Membership[]> {
  const { owned, inUse } = await membershipsWithInUse(tx, userId);
  const holders = await jointHolderNames(tx, owned);
  const views = owned.map((row) => membershipView(row, row.dpid === inUse?.dpid, holders));
  return [...views.filter((v) => v.inUse), ...views.filter((v) => !v.inUse)];
}

/** One membership as the member sees it, with its joint holders' names. */
export async function viewOf(tx: Tx, row: MembershipRow, inUse: boolean): Promise<Membership> {
  return membershipView(row, inUse, await jointHolderNames(tx, [row]));
}
