import { calls } from '@portal/contract';
import type { Faq } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface FaqAnswer {
  categories: { id: string; title: string }[];
  items: Faq[];
}

async function faqs(payload?: unknown): Promise<FaqAnswer> {
  const { body } = await t.call(calls.faqList, unchecked(payload));
  expect(body.state).toBe('1');
  return body.result as FaqAnswer;
}

describe('/faq/list', () => {
  it('answers every category with 3 or 4 questions each', async () => {
    const { categories, items } = await faqs();
    expect(categories.map((c) => c.title)).toEqual([
      'Membership',
      'Lounges',
      'Pre-booking',
      'Fast Track',
      'Dining & Spa',
      'Account & payments',
    ]);
    for (const category of categories) {
      const count = items.filter((i) => i.categoryId === category.id).length;
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(4);
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("states the spec's facts", async () => {
    const text = (await faqs()).items.map((i) => `${i.question} ${i.answer}`).join('\n');
    for (const fact of [
      '16-digit',
      '48 hours to 180 days',
      'about 5 working days',
      'Monday to Sunday, 8am to 8pm',
      '2-3 working days',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it("names the channel's bank", async () => {
    const natwest = await faqs({ channel: 'natwest' });
    expect(natwest.items.find((i) => i.id === 'membership-1')?.answer).toContain(
      'NatWest gave you',
    );
    const plain = await faqs();
    expect(plain.items.find((i) => i.id === 'membership-1')?.answer).toContain(
      'your bank gave you',
    );
  });

  it('filters by category and searches questions and answers in any case', async () => {
    const lounges = await faqs({ categoryId: 'lounges' });
    expect(lounges.items.every((i) => i.categoryId === 'lounges')).toBe(true);
    expect(lounges.categories).toHaveLength(6);
    const refunds = await faqs({ keyword: 'REFUND' });
    expect(refunds.items.length).toBeGreaterThan(0);
    for (const item of refunds.items)
      expect(`${item.question} ${item.answer}`.toLowerCase()).toContain('refund');
    const both = await faqs({ categoryId: 'fast-track', keyword: 'refund' });
    expect(both.items.map((i) => i.id)).toEqual(['fast-track-3']);
    expect((await faqs({ keyword: 'no such words here' })).items).toEqual([]);
    expect((await faqs({ categoryId: 'unknown' })).items).toEqual([]);
  });

  it('refuses bad input', async () => {
    for (const payload of [{ channel: 'acme' }, { keyword: 'x'.repeat(81) }, { other: 1 }]) {
      const { body } = await t.call(calls.faqList, payload);
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});

describe('/account/contact-us/email-us/subject', () => {
  it('answers the subjects a message can have', async () => {
    const { body } = await t.call(calls.contactSubjects);
    expect(body.result).toEqual([
      { id: 'membership', text: 'Membership' },
      { id: 'booking', text: 'Booking' },
      { id: 'payment', text: 'Payment' },
      { id: 'account', text: 'Account' },
      { id: 'feedback', text: 'Feedback' },
      { id: 'other', text: 'Other' },
    ]);
    const bad = await t.call(calls.contactSubjects, unchecked({ x: 1 }));
    expect(bad.body).toMatchObject({ state: '0', errorCode: '10001' });
  });
});
