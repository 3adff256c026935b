import {
  calls,
  type ProductDetail,
  type UsageEntry,
  type Voucher,
  type Paged,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, messagesTo, okResult } from '../../../../test/call-helpers';
import { pdfText } from '../../../../test/pdf-text';
import { createTestApp, unchecked, type TestApp } from '../../../../test/test-app';
import {
  confirmAtTill,
  CREDIT,
  EARLY,
  loadOffers,
  offerMember,
  PASS,
  passesUsed,
  vouchersOf,
} from './offer-fixtures';

/*
 * Dining and spa offers (issue 20) through the calls: redeem for a voucher, its PDF, the outlet's
 * confirmation through the operator API, usage history and the expiry sweeper. Newquay is on
 * London time: 10:00 UTC in November is 10:00 there, and the outlets close at 22:00.
 */
const NOW = '2026-11-25T10:00:00Z';
const DINING = 'NQY-DIN-1';
const SPA = 'NQY-SPA-1';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await loadOffers(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof offerMember>>;
const redeem = (m: Member, id: string, kind: 'dining' | 'spa' = 'dining') =>
  t.call(kind === 'dining' ? calls.redeemDiningOffer : calls.redeemSpaOffer, { id }, m.headers);
const redeemed = async (m: Member, id: string, kind: 'dining' | 'spa' = 'dining') =>
  okResult<Voucher>(await redeem(m, id, kind));

describe('the terms are shown before redeeming (detail calls)', () => {
  it('gives credit, guests, no cash back and what a pass buys, with defaults for bare offers', async () => {
    const detail = async (id: string) =>
      okResult<ProductDetail>(await t.call(calls.diningDetail, { id }));
    expect((await detail(CREDIT)).offerTerms).toEqual({
      benefit: '£15 voucher towards food and drink',
      credit: { amount: 1500, currency: 'GBP' },
      guests: 3,
      cashBack: false,
      passes: 0,
      passBuys: null,
    });
    expect((await detail(DINING)).offerTerms).toMatchObject({ credit: null, guests: 3, passes: 0 });
    const spa = okResult<ProductDetail>(await t.call(calls.spaDetail, { id: PASS }));
    expect(spa.offerTerms).toMatchObject({
      guests: 0,
      passes: 1,
      passBuys: 'one 20-minute express treatment',
    });
    const lounge = okResult<ProductDetail>(await t.call(calls.loungeDetail, { id: 'NQY-LNG-1' }));
    expect(lounge.offerTerms).toBeNull();
  });
});

describe('/dining/redeem-offer and /spa/redeem-offer', () => {
  it('issues a voucher for the outlet until it closes today, with a signed QR, and emails it', async () => {
    const m = await offerMember(t);
    const voucher = await redeemed(m, CREDIT);
    expect(voucher).toMatchObject({
      status: 'open',
      productId: CREDIT,
      kind: 'dining',
      outletName: 'Quay Grill',
      airportCode: 'NQY',
      date: '2026-11-25',
      validUntil: '22:00',
      timeZone: 'Europe/London',
      terms: { credit: { amount: 1500, currency: 'GBP' }, cashBack: false },
      usedAt: null,
    });
    expect(voucher.code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
    expect(voucher.qr).toMatch(/^VC1\.[A-Z0-9]{8}\.[A-Za-z0-9_-]+$/);
    expect(voucher.membershipNumber).toMatch(/\d{4}$/);
    const [email] = await messagesTo(t, m.user.email, 'email');
    expect(email?.subject).toBe(`Your voucher for Quay Grill: ${voucher.code}`);
    expect(email?.body).toContain('Credit: £15.00');
    expect(email?.body).toContain('No cash back or change is given.');
  });

  it('answers the open voucher again (a double click, two tabs): one voucher, one email', async () => {
    const m = await offerMember(t);
    const [a, b] = await Promise.all([redeemed(m, DINING), redeemed(m, DINING)]);
    expect(b.code).toBe(a.code);
    expect((await redeemed(m, DINING)).code).toBe(a.code);
    expect(await vouchersOf(t, m.user.id, DINING)).toHaveLength(1);
    expect(await messagesTo(t, m.user.email, 'email')).toHaveLength(1);
    const mine = okResult<Voucher[]>(await t.call(calls.myVouchers, {}, m.headers));
    expect(mine.map((v) => v.code)).toEqual([a.code]);
  });

  it('takes the pass of a pass offer once, and refuses a member with none left', async () => {
    const m = await offerMember(t, 1);
    const voucher = await redeemed(m, PASS, 'spa');
    expect(voucher.terms.passes).toBe(1);
    expect(await passesUsed(t, m.dpid)).toBe(1);
    await redeemed(m, PASS, 'spa');
    expect(await passesUsed(t, m.dpid)).toBe(1);

    const none = await offerMember(t, 0);
    expectFailure(await redeem(none, PASS, 'spa'), 'noPassesAvailable');
    expect(await vouchersOf(t, none.user.id, PASS)).toHaveLength(0);
    expect(await messagesTo(t, none.user.email, 'email')).toHaveLength(0);
  });

  it('refuses a suspended or expired membership', async () => {
    expectFailure(
      await redeem(await offerMember(t, 2, 'suspended'), DINING),
      'membershipSuspended',
    );
    expectFailure(await redeem(await offerMember(t, 2, 'expired'), DINING), 'membershipExpired');
  });

  it('refuses an outlet closed for the rest of the day', async () => {
    const m = await offerMember(t);
    expectFailure(await redeem(m, EARLY), 'outletClosed');
    expect(await vouchersOf(t, m.user.id, EARLY)).toHaveLength(0);
  });

  it('answers notFound for another kind, a lounge, an unknown id or another member’s membership', async () => {
    const m = await offerMember(t);
    expectFailure(await redeem(m, SPA, 'dining'), 'notFound');
    expectFailure(await redeem(m, DINING, 'spa'), 'notFound');
    expectFailure(await redeem(m, 'NQY-LNG-1'), 'notFound');
    expectFailure(await redeem(m, 'NQY-DIN-99'), 'notFound');
    const other = await offerMember(t);
    expectFailure(
      await t.call(calls.redeemDiningOffer, { id: DINING, dpid: other.dpid }, m.headers),
      'notFound',
    );
  });

  it('needs a logged-in member and a valid payload', async () => {
    expectFailure(await t.call(calls.redeemDiningOffer, { id: DINING }), 'authFailure');
    const m = await offerMember(t);
    const bad = await t.call(calls.redeemDiningOffer, unchecked({ id: 'no such; id' }), m.headers);
    expect(bad.body.state).toBe('0');
    expect(await vouchersOf(t, m.user.id, DINING)).toHaveLength(0);
  });
});

/** The offer's PDF as the member downloads it, as text. */
async function offerPdfText(m: Member, id: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/client-api${calls.offerPdf.path}`,
    headers: { ...m.headers, channel: 'ASE' },
    payload: { id },
  });
  expect(response.headers['content-type']).toBe('application/pdf');
  return pdfText(response.rawPayload).join('\n');
}

describe('/dining/offer-pdf-stream', () => {
  it('is the offer and its terms, and the voucher code and QR once redeemed today', async () => {
    const m = await offerMember(t);
    const blank = await offerPdfText(m, CREDIT);
    expect(blank).toContain('Dining offer\nQuay Grill');
    expect(blank).toContain('£15.00');
    expect(blank).not.toContain('Voucher code');
    const voucher = await redeemed(m, CREDIT);
    expect(await offerPdfText(m, CREDIT)).toContain(`Voucher code ${voucher.code}`);
    // A spa offer's PDF through the same call; a lounge is refused.
    expect(await offerPdfText(m, SPA)).toContain('Seren Spa');
    expectFailure(await t.call(calls.offerPdf, { id: 'NQY-LNG-1' }, m.headers), 'notFound');
  });
});

describe('the outlet confirms a voucher (POST /ops-api/vouchers/confirm)', () => {
  it('marks it used once and writes the visit with its amount into usage history', async () => {
    const m = await offerMember(t);
    const voucher = await redeemed(m, CREDIT);
    const typed = voucher.code.toLowerCase().replace('-', ' ');
    const first = await confirmAtTill(t, { code: typed, productId: CREDIT, guests: 2 });
    expect(first).toMatchObject({
      status: 200,
      body: {
        valid: true,
        code: voucher.code,
        outletName: 'Quay Grill',
        usedAt: '2026-11-25 10:00',
        guests: 2,
        amount: { amount: 1500, currency: 'GBP' },
      },
    });
    const again = await confirmAtTill(t, { code: voucher.code, productId: CREDIT });
    expect(again.body).toEqual({ valid: false, reason: 'already-used' });

    const history = okResult<Paged<UsageEntry>>(await t.call(calls.usageHistory, {}, m.headers));
    expect(history.items).toEqual([
      expect.objectContaining({
        kind: 'dining',
        loungeName: 'Quay Grill',
        date: '2026-11-25',
        time: '10:00',
        guests: 2,
        amount: { amount: 1500, currency: 'GBP' },
      }),
    ]);
    const [mine] = okResult<Voucher[]>(await t.call(calls.myVouchers, {}, m.headers));
    expect(mine).toMatchObject({ status: 'used', qr: null, usedAt: '2026-11-25 10:00' });
  });

  it('takes the scanned QR, and the amount the till reports', async () => {
    const m = await offerMember(t);
    const voucher = await redeemed(m, SPA, 'spa');
    const scanned = await confirmAtTill(t, { code: voucher.qr, productId: SPA, amount: 1250 });
    expect(scanned.body).toMatchObject({ valid: true, amount: { amount: 1250, currency: 'GBP' } });
  });

  it('refuses a code of another outlet, a forged QR, too many guests and a malformed body', async () => {
    const m = await offerMember(t);
    const voucher = await redeemed(m, DINING);
    expect((await confirmAtTill(t, { code: voucher.code, productId: CREDIT })).body).toEqual({
      valid: false,
      reason: 'unknown',
    });
    const forged = `${voucher.qr!.slice(0, -4)}AAAA`;
    expect((await confirmAtTill(t, { code: forged, productId: DINING })).body).toEqual({
      valid: false,
      reason: 'malformed',
    });
    expect(
      (await confirmAtTill(t, { code: voucher.code, productId: DINING, guests: 4 })).body,
    ).toEqual({ valid: false, reason: 'too-many-guests' });
    expect((await confirmAtTill(t, { code: voucher.code, productId: 'NQY-LNG-1' })).body).toEqual({
      valid: false,
      reason: 'unknown-outlet',
    });
    expect((await confirmAtTill(t, { code: voucher.code })).status).toBe(400);
    // Still open after every refusal.
    expect((await confirmAtTill(t, { code: voucher.code, productId: DINING })).body).toMatchObject({
      valid: true,
    });
  });
});

describe('the voucher sweeper', () => {
  it('expires unused vouchers after closing, giving their pass back once', async () => {
    const m = await offerMember(t, 1);
    const voucher = await redeemed(m, PASS, 'spa');
    const kept = await offerMember(t, 1);
    const used = await redeemed(kept, PASS, 'spa');
    await confirmAtTill(t, { code: used.code, productId: PASS });
    expect(await passesUsed(t, m.dpid)).toBe(1);

    t.clock.set('2026-11-25T21:59:00Z');
    expect(await t.app.expireVouchers()).toBe(0);
    t.clock.set('2026-11-25T22:00:00Z');
    try {
      expect(await t.app.expireVouchers()).toBeGreaterThanOrEqual(1);
      expect(await t.app.expireVouchers()).toBe(0);
    } finally {
      t.clock.set(NOW);
    }
    expect(await passesUsed(t, m.dpid)).toBe(0);
    expect(await passesUsed(t, kept.dpid)).toBe(1);
    const [mine] = okResult<Voucher[]>(await t.call(calls.myVouchers, {}, m.headers));
    expect(mine).toMatchObject({ code: voucher.code, status: 'expired', qr: null });
    expect((await confirmAtTill(t, { code: voucher.code, productId: PASS })).body).toEqual({
      valid: false,
      reason: 'expired',
    });
  });
});
