import { calls } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { callApi } from '@/shared/api/api-client';
import { contractViolations, envelope, failure, mockApi, offContract } from '../mock-api';

/** Calls the API through the client and answers what the mocks' contract check saw. */
async function violationsOf(exchange: () => Promise<unknown>): Promise<string[]> {
  await exchange().catch(() => undefined);
  return contractViolations();
}

describe('mockApi holds the mocks to the contract', () => {
  it('passes an exchange the server could make', async () => {
    mockApi({ '/faq/list': () => envelope({ categories: [], items: [] }) });
    expect(await violationsOf(() => callApi(calls.faqList, { keyword: 'wifi' }))).toEqual([]);
  });

  it('reports a result the call cannot answer', async () => {
    mockApi({ '/faq/list': () => envelope({ categories: [{ id: 1 }] }) });
    const seen = await violationsOf(() => callApi(calls.faqList, {}));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toContain('/faq/list: the mock answers a result the contract refuses');
  });

  it('reports an error code the call does not declare, unless sent on purpose', async () => {
    mockApi({ '/faq/list': () => failure('40001', 'wrong password') });
    expect(await violationsOf(() => callApi(calls.faqList, {}))).toEqual([
      '/faq/list: the mock answers error 40001, which the call does not declare',
    ]);
    mockApi({ '/faq/list': () => offContract(failure('40001', 'wrong password')) });
    expect(await violationsOf(() => callApi(calls.faqList, {}))).toEqual([]);
  });

  it('reports a payload the page should never send, and a path the contract lacks', async () => {
    mockApi({ '/faq/list': () => envelope({ categories: [], items: [] }) });
    const sent = await violationsOf(() =>
      fetch('/client-api/faq/list', { method: 'POST', body: '{"keyword":42}' }),
    );
    expect(sent[0]).toContain('/faq/list: the page sent a payload the contract refuses');

    mockApi({ '/no/such-call': () => envelope({}) });
    expect(
      await violationsOf(() => fetch('/client-api/no/such-call', { method: 'POST', body: '{}' })),
    ).toEqual(['/no/such-call: mocked, but no call of the contract has this path']);
  });
});
