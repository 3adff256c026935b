import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { bookings, memberships, users, visits } from '../src/db/schema';
import { newBookingReference } from '../src/modules/bookings/booking-reference';
import { newMembershipNumber } from '../src/members/membership-number';

export type NewUser = Partial<typeof users.$inferInsert> & { email: string };

/** A registered member with plausible details; tests override what they care about. */
export async function insertUser(db: Db, values: NewUser) {
  const [user] = await db
    .insert(users)
    .values({
      mobilePrefix: '44',
      mobileNumber: '7400123456',
      mobileAreaCode: 'GB',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'x',
      issuer: 'natwest',
      ...values,
    })
    .returning();
  if (!user) throw new Error('the user was not inserted');
  return user;
}

export type NewMembership = Partial<typeof memberships.$inferInsert>;

/** An issued membership number (a fresh one unless given), not registered unless told. */
export async function insertMembership(db: Db, values: NewMembership = {}) {
  const [membership] = await db
    .insert(memberships)
    .values({
      dpid: newMembershipNumber(),
      issuer: 'natwest',
      cardType: 'black',
      holderName: 'Ann Lee',
      expiresOn: '2029-11-30',
      ...values,
    })
    .returning();
  if (!membership) throw new Error('the membership was not inserted');
  return membership;
}

export type NewBooking = Partial<typeof bookings.$inferInsert> & { visitAt: Date };

/**
 * A lounge (or, when told, fast-track) booking at a demo product of Heathrow, paid by card,
 * for nobody unless `userId` is given.
 */
export async function insertBooking(db: Db, values: NewBooking) {
  const kind = values.kind ?? 'lounge';
  const [booking] = await db
    .insert(bookings)
    .values({
      reference: newBookingReference(kind),
      kind,
      productId: kind === 'lounge' ? 'LHR-LNG-1' : 'LHR-FT-1',
      flightNumber: 'BA1234',
      passengers: 1,
      passengerNames: ['Ann Lee'],
      contactPrefix: '44',
      contactNumber: '7400123456',
      email: 'ann@example.com',
      cardLabel: 'Visa •••• 4242',
      amount: 3800,
      currency: 'GBP',
      ...values,
    })
    .returning();
  if (!booking) throw new Error('the booking was not inserted');
  return booking;
}

/** A member's booking paid with £60.00 and 2 passes of a membership (6 a year) that has used 3. */
export async function insertPaidBooking(db: Db, userId: string, visitAt: Date) {
  const membership = await insertMembership(db, { userId, passesPerYear: 6, passesUsed: 3 });
  const booking = await insertBooking(db, {
    userId,
    dpid: membership.dpid,
    visitAt,
    amount: 6000,
    passesUsed: 2,
  });
  return { booking, dpid: membership.dpid };
}

/** A booking's row as it is now, and the passes its membership has used. */
export async function bookingAndPasses(db: Db, bookingId: string, dpid: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [membership] = await db.select().from(memberships).where(eq(memberships.dpid, dpid));
  return { booking, passesUsed: membership?.passesUsed };
}

export type NewVisit = Partial<typeof visits.$inferInsert> & { visitedAt: Date };

/** A lounge visit (usage history) at a Heathrow demo lounge. */
export async function insertVisit(db: Db, values: NewVisit) {
  const [visit] = await db
    .insert(visits)
    .values({ productId: 'LHR-LNG-1', guests: 0, passesUsed: 1, ...values })
    .returning();
  if (!visit) throw new Error('the visit was not inserted');
  return visit;
}

/**
 * The text lines a PDF made by renderPdf shows, read back through the ToUnicode map of each
 * embedded font (pdfkit writes shown text as glyph ids of the font subset, so the text itself is
 * not in the bytes). Only for the uncompressed PDFs renderPdf makes; one string per text run.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const [, id, body] of raw.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    objects.set(id!, body!);
  }
  const streamOf = (id: string | undefined) =>
    (id && objects.get(id)?.match(/\nstream\n([\s\S]*?)\nendstream/)?.[1]) ?? '';

  // Font resource name (F2) → glyph id → the text it stands for.
  const glyphs = new Map<string, Map<number, string>>();
  for (const [, name, id] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const toUnicode = objects.get(id!)?.match(/\/ToUnicode (\d+) 0 R/)?.[1];
    if (!toUnicode) continue;
    const map = new Map<number, string>();
    const cmap = streamOf(toUnicode);
    for (const [, start, targets] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      [...targets!.matchAll(/<([0-9a-f ]+)>/gi)].forEach(([, units], i) => {
        const codes = units!.split(' ').map((unit) => parseInt(unit, 16));
        map.set(parseInt(start!, 16) + i, String.fromCharCode(...codes));
      });
    }
    glyphs.set(name!, map);
  }

  const lines: string[] = [];
  for (const id of objects.keys()) {
    const content = streamOf(id);
    if (!content.includes(' Tf\n')) continue;
    let font = new Map<number, string>();
    for (const [, name, shown] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (name) {
        font = glyphs.get(name) ?? new Map<number, string>();
        continue;
      }
      let line = '';
      for (const [, hex] of shown!.matchAll(/<([0-9a-f]*)>/gi)) {
        for (let i = 0; i < hex!.length; i += 4) {
          line += font.get(parseInt(hex!.slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
      lines.push(line);
    }
  }
  return lines;
}
