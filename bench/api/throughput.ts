import autocannon from 'autocannon';
import type { RunningPortal } from '../../e2e/support/server';
import type { BudgetName, Measure } from '../budgets';
import { startBareServer, type FixedResponse } from '../support/bare-server';
import { decodedText, rawRequest, type RawResponse } from '../support/http';

/**
 * Both sides are asked with the same headers, gzip accepted as every browser does: the portal
 * answers gzip (the airport list from its compressed cache, the lounge list compressed per
 * request), and the bare server sends the portal's own gzipped bytes with the same
 * content-type and content-encoding.
 */
const HEADERS = {
  channel: 'ASE',
  'content-type': 'application/json',
  'accept-encoding': 'gzip',
};

const CONNECTIONS = 10;
const WARM_UP_S = 1;
const DURATION_S = 5;
const STEADY_RATE = 1000;
const STEADY_S = 10;

interface Endpoint {
  label: string;
  path: string;
  body: string;
  ratio: BudgetName;
  /** Throws unless the decoded answer is the one the endpoint exists for. */
  check(json: unknown): void;
}

interface Envelope {
  state?: unknown;
  result?: unknown;
}

const AIRPORT_LIST: Endpoint = {
  label: 'airport list',
  path: '/client-api/airport/list-v2',
  body: '{}',
  ratio: 'airport list: portal/bare req/s',
  check(json) {
    const { state, result } = json as Envelope;
    if (state !== '1' || !Array.isArray(result) || result.length === 0)
      throw new Error(`the airport list answered state ${String(state)} without airports`);
  },
};

const LOUNGE_LIST: Endpoint = {
  label: 'lounge list',
  path: '/client-api/lounge/list/v2',
  body: '{"airportCode":"LHR"}',
  ratio: 'lounge list: portal/bare req/s',
  check(json) {
    const { state, result } = json as Envelope;
    const items = (result as { items?: unknown } | null)?.items;
    if (state !== '1' || !Array.isArray(items) || items.length === 0)
      throw new Error(`the LHR lounge list answered state ${String(state)} without items`);
  },
};

async function fetchOnce(baseUrl: string, endpoint: Endpoint): Promise<RawResponse> {
  return rawRequest(`${baseUrl}${endpoint.path}`, {
    method: 'POST',
    headers: HEADERS,
    body: endpoint.body,
  });
}

/** One request to the portal, checked, kept as the bytes the bare server will answer. */
async function referenceResponse(baseUrl: string, endpoint: Endpoint): Promise<FixedResponse> {
  const response = await fetchOnce(baseUrl, endpoint);
  if (response.status !== 200)
    throw new Error(`${endpoint.path} answered ${response.status}: ${decodedText(response)}`);
  endpoint.check(JSON.parse(decodedText(response)));
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-encoding']) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { status: response.status, headers, body: response.body };
}

function sameAnswer(a: FixedResponse, b: RawResponse): boolean {
  return (
    a.status === b.status &&
    a.headers['content-type'] === b.headers['content-type'] &&
    a.headers['content-encoding'] === b.headers['content-encoding'] &&
    a.body.equals(b.body)
  );
}

async function load(
  url: string,
  endpoint: Endpoint,
  options: { duration: number; overallRate?: number },
): Promise<autocannon.Result> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: HEADERS,
    body: endpoint.body,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: options.duration,
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
  });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(
      `${url}: ${result.errors} connection errors (${result.timeouts} timeouts), ${result.non2xx} non-2xx answers`,
    );
  return result;
}

async function measured(url: string, endpoint: Endpoint): Promise<autocannon.Result> {
  await load(url, endpoint, { duration: WARM_UP_S });
  return load(url, endpoint, { duration: DURATION_S });
}

/**
 * Issue: requests per second, p50 and p99 of the portal (the real server process) against a
 * bare node:http server answering the same bytes, in the same run, on the same machine.
 */
export async function benchThroughput(portal: RunningPortal): Promise<Measure[]> {
  const endpoints = [AIRPORT_LIST, LOUNGE_LIST];
  const responses: Record<string, FixedResponse> = {};
  for (const endpoint of endpoints)
    responses[endpoint.path] = await referenceResponse(portal.baseUrl, endpoint);
  const bare = await startBareServer(responses);
  try {
    const measures: Measure[] = [];
    for (const endpoint of endpoints) {
      const reference = responses[endpoint.path]!;
      if (!sameAnswer(reference, await fetchOnce(bare.baseUrl, endpoint)))
        throw new Error(`the bare server does not answer ${endpoint.path} as the portal does`);
      const size = `${reference.body.length} B ${reference.headers['content-encoding'] ?? 'identity'}`;
      const sides = {
        portal: await measured(`${portal.baseUrl}${endpoint.path}`, endpoint),
        bare: await measured(`${bare.baseUrl}${endpoint.path}`, endpoint),
      };
      for (const [side, result] of Object.entries(sides)) {
        const name = `${endpoint.label}, ${side}`;
        measures.push(
          {
            name: `${name}: req/s`,
            value: result.requests.average,
            unit: 'req/s',
            note: `${size}, ${CONNECTIONS} connections, ${DURATION_S} s`,
          },
          { name: `${name}: p50 latency`, value: result.latency.p50, unit: 'ms' },
          { name: `${name}: p99 latency`, value: result.latency.p99, unit: 'ms' },
        );
      }
      measures.push({
        name: endpoint.ratio,
        value: sides.portal.requests.average / sides.bare.requests.average,
      });
    }
    return measures;
  } finally {
    await bare.stop();
  }
}

/** Issue: the lounge list at a steady 1,000 requests a second in total, for 10 s. */
export async function benchSteadyRate(portal: RunningPortal): Promise<Measure[]> {
  const url = `${portal.baseUrl}${LOUNGE_LIST.path}`;
  LOUNGE_LIST.check(JSON.parse(decodedText(await fetchOnce(portal.baseUrl, LOUNGE_LIST))));
  await load(url, LOUNGE_LIST, { duration: WARM_UP_S, overallRate: STEADY_RATE });
  const result = await load(url, LOUNGE_LIST, { duration: STEADY_S, overallRate: STEADY_RATE });
  const achieved = result.requests.total / result.duration;
  const short = achieved < STEADY_RATE * 0.95;
  return [
    {
      name: 'lounge list p99 at 1,000 req/s',
      value: result.latency.p99,
      note: short
        ? `only ${achieved.toFixed(0)} req/s were achieved`
        : `p50 ${result.latency.p50} ms`,
    },
    {
      name: 'lounge list at 1,000 req/s: achieved rate',
      value: achieved,
      unit: 'req/s',
      note: `${result.requests.total} requests in ${result.duration.toFixed(1)} s`,
    },
  ];
}
