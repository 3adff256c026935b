import type { Issuer } from '@portal/contract';
import type { Tx } from '../db/client';
import { memberships, type MembershipStatus } from '../db/schema';
import { cardTypeOf } from '../platform/issuer-config';
import { newMembershipNumber } from './membership-number';

export interface IssueRequest {
  issuer: Issuer;
  count: number;
  holder?: string | undefined;
  cardType?: string | undefined;
  /** ISO date (YYYY-MM-DD) the membership runs until. */
  expiresOn: string;
  status?: MembershipStatus;
}

export class UnknownCardTypeError extends Error {}

/** Issues `count` new membership numbers for an issuer; returns them. */
export async function issueMemberships(tx: Tx, request: IssueRequest): Promise<string[]> {
  const cardType = cardTypeOf(request.issuer, request.cardType);
  if (!cardType)
    throw new UnknownCardTypeError(`Unknown card type for ${request.issuer}: ${request.cardType}`);
  const issued: string[] = [];
  while (issued.length < request.count) {
    const wanted = request.count - issued.length;
    const rows = Array.from({ length: wanted }, () => ({
      dpid: newMembershipNumber(),
      issuer: request.issuer,
      cardType: cardType.id,
      holderName: request.holder ?? null,
      expiresOn: request.expiresOn,
      status: request.status ?? 'active',
      passesPerYear: cardType.passesPerYear,
    }));
    // A clash with an existing number is skipped and drawn again.
    const inserted = await tx
      .insert(memberships)
      .values(rows)
      .onConflictDoNothing()
      .returning({ dpid: memberships.dpid });
    issued.push(...inserted.map((r) => r.dpid));
  }
  return issued;
}
