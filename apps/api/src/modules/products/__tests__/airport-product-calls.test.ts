import { calls } from '@portal/contract';
import type { ProductCounts } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unchecked } from '../../../../test/test-app';
import { upsertProducts } from '../../../platform/catalogue/catalogue-store';
import { NQY_PRODUCTS } from '../../../../test/catalogue-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await upsertProducts(t.app.db, NQY_PRODUCTS, 'import');
});
afterAll(() => t.close());

const zeros = (iataCode: string): ProductCounts => ({
  iataCode,
  lounge: 0,
  dining: 0,
  spa: 0,
  fastTrack: 0,
  total: 0,
});

describe('/airport/productNum', () => {
  it('answers one row per code asked, in order, with zeros for none or unknown', async () => {
    const { body } = await t.call(calls.airportProductNum, {
      iataCodes: ['nqy', 'EXT', 'ZZZ', 'NQY', 'LHR'],
    });
    expect(body.state).toBe('1');
    const rows = body.result as ProductCounts[];
    expect(rows.map((r) => r.iataCode)).toEqual(['NQY', 'EXT', 'ZZZ', 'LHR']);
    expect(rows[0]).toEqual({
      iataCode: 'NQY',
      lounge: 4,
      dining: 1,
      spa: 1,
      fastTrack: 2,
      total: 8,
    });
    expect(rows[1]).toEqual(zeros('EXT'));
    expect(rows[2]).toEqual(zeros('ZZZ'));
    const lhr = rows[3]!;
    expect(lhr.lounge).toBeGreaterThanOrEqual(5);
    expect(lhr.total).toBe(lhr.lounge + lhr.dining + lhr.spa + lhr.fastTrack);
  });

  it('refuses no codes, too many, or a malformed one', async () => {
    const many = Array.from({ length: 201 }, () => 'LHR');
    for (const payload of [{ iataCodes: [] }, { iataCodes: many }, { iataCodes: ['LONDON'] }, {}]) {
      const { body } = await t.call(calls.airportProductNum, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});

describe('/airport/product/filter', () => {
  it("answers the terminals, sides and facilities of an airport's products", async () => {
    const { body } = await t.call(calls.airportProductFilter, { airportCode: 'NQY' });
    expect(body.result).toEqual({
      terminals: ['Terminal 1', 'Terminal 2'],
      sides: ['airside', 'landside'],
      facilities: ['wifi', 'showers', 'quiet-zone', 'step-free-access', 'hot-food'],
      counts: { iataCode: 'NQY', lounge: 4, dining: 1, spa: 1, fastTrack: 2, total: 8 },
    });
  });

  it('narrows the choices to one kind', async () => {
    const { body } = await t.call(calls.airportProductFilter, {
      airportCode: 'NQY',
      kind: 'dining',
    });
    expect(body.result).toMatchObject({
      terminals: ['Terminal 1'],
      sides: ['airside'],
      facilities: ['wifi', 'hot-food'],
    });
  });

  it('orders terminals naturally', async () => {
    const { body } = await t.call(calls.airportProductFilter, { airportCode: 'LHR' });
    expect((body.result as { terminals: string[] }).terminals).toEqual([
      'Terminal 2',
      'Terminal 3',
      'Terminal 4',
      'Terminal 5',
    ]);
  });

  it('answers empty choices for a known airport with nothing, notFound for an unknown one', async () => {
    const empty = await t.call(calls.airportProductFilter, { airportCode: 'EXT' });
    expect(empty.body.result).toEqual({
      terminals: [],
      sides: [],
      facilities: [],
      counts: zeros('EXT'),
    });
    const unknown = await t.call(calls.airportProductFilter, { airportCode: 'ZZZ' });
    expect(unknown.body).toMatchObject({ state: '0', errorCode: '10002' });
  });

  it('refuses a bad kind or airport', async () => {
    for (const payload of [{ airportCode: 'NQY', kind: 'hotel' }, { airportCode: '' }, {}]) {
      const { body } = await t.call(calls.airportProductFilter, unchecked(payload));
      expect(body).toMatchObject({ state: '0', errorCode: '10001' });
    }
  });
});
