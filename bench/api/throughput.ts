import { API_PREFIX, calls, type Paged } from '@portal/contract';
import type autocannon from 'autocannon';
import type { RunningPortal } from '../../e2e/support/server';
import type { BudgetName, Measure } from '../budgets';
import { fixedResponse, startBareServer, type FixedResponse } from '../support/bare-server';
import { decodedText, rawRequest, type RawResponse } from '../support/http';
import { loadInOwnProcess } from '../support/load';
import { percentile } from '../support/percentile';
import { requestBytes, timedWaves } from '../support/readers';

/**
 * Both sides are asked with the same headers, gzip accepted as every browser does: the portal
 * answers gzip (both lists from their compressed caches), and the bare server sends the
 * portal's own gzipped bytes with all the headers the portal sent (security headers, etag, one
 * request id…): the same bytes on the wire.
 */
const HEADERS = {
  channel: 'ASE',
  'content-type': 'application/json',
  'accept-encoding': 'gzip',
};

const CONNECTIONS = 10;
const WARM_UP_S = 2;
const DURATION_S = 5;
const STEADY_RATE = 3000;
const STEADY_S = 10;

interface Endpoint {
  label: string;
  path: string;
  body: string;
  ratio: BudgetName;
  /** The portal's p99 over the bare server's, under the same concurrency. */
  p99Ratio: BudgetName;
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
  p99Ratio: 'airport list: portal/bare p99 latency',
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
  p99Ratio: 'lounge list: portal/bare p99 latency',
  check(json) {
    const { state, result } = json as Envelope;
    const items = (result as { items?: unknown } | null)?.items;
    if (state !== '1' || !Array.isArray(items) || items.length === 0)
      throw new Error(`the LHR lounge list answered state ${String(state)} without items`);
  },
};

async function fetchOnce(
  baseUrl: string,
  endpoint: Endpoint,
  headers: Record<string, string> = HEADERS,
): Promise<RawResponse> {
  return rawRequest(`${baseUrl}${endpoint.path}`, { method: 'POST', headers, body: endpoint.body });
}

/** One request to the portal, checked, kept as the bytes the bare server will answer. */
async function referenceResponse(
  baseUrl: string,
  endpoint: Endpoint,
  requestHeaders: Record<string, string> = HEADERS,
): Promise<FixedResponse> {
  const response = await fetchOnce(baseUrl, endpoint, requestHeaders);
  if (response.status !== 200)
    throw new Error(`${endpoint.path} answered ${response.status}: ${decodedText(response)}`);
  endpoint.check(JSON.parse(decodedText(response)));
  return fixedResponse(response);
}

function sameAnswer(a: FixedResponse, b: RawResponse): boolean {
  return (
    a.status === b.status &&
    Object.entries(a.headers).every(([name, value]) => b.headers[name] === value) &&
    a.body.equals(b.body)
  );
}

async function load(
  url: string,
  endpoint: Endpoint,
  options: { duration: number; overallRate?: number },
): Promise<autocannon.Result> {
  const result = await loadInOwnProcess({
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

/** Each side's best of this many runs, the sides taken in turn (portal, bare, portal, bare). */
const ROUNDS = 2;

/**
 * The portal's and the bare server's figures for one endpoint: each side warmed up, then measured
 * in turn, `ROUNDS` times, and its best run kept. Whatever else the shared machine runs can only
 * slow a run down, and a burst of it lands on one side's run alone: with one run each, the
 * same code's ratio spread widely from run to run.
 */
async function measuredSides(
  urls: { portal: string; bare: string },
  endpoint: Endpoint,
): Promise<{ portal: autocannon.Result; bare: autocannon.Result }> {
  for (const url of Object.values(urls)) await load(url, endpoint, { duration: WARM_UP_S });
  const best: Partial<Record<keyof typeof urls, autocannon.Result>> = {};
  for (let round = 0; round < ROUNDS; round++)
    for (const side of ['portal', 'bare'] as const) {
      const result = await load(urls[side], endpoint, { duration: DURATION_S });
      if (!best[side] || result.requests.average > best[side].requests.average) best[side] = result;
    }
  return { portal: best.portal!, bare: best.bare! };
}

/**
 * Issue: requests per second, p50 and p99 of the portal (the real server process) against a
 * bare node:http server answering the same bytes, in the same run, on the same machine: the
 * ratios of requests per second and of p99 are the budgets.
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
      const sides = await measuredSides(
        { portal: `${portal.baseUrl}${endpoint.path}`, bare: `${bare.baseUrl}${endpoint.path}` },
        endpoint,
      );
      for (const [side, result] of Object.entries(sides)) {
        const name = `${endpoint.label}, ${side}`;
        measures.push(
          {
            name: `${name}: req/s`,
            value: result.requests.average,
            unit: 'req/s',
            note: `${size}, ${CONNECTIONS} connections, best of ${ROUNDS} runs of ${DURATION_S} s`,
          },
          { name: `${name}: p50 latency`, value: result.latency.p50, unit: 'ms' },
          { name: `${name}: p99 latency`, value: result.latency.p99, unit: 'ms' },
        );
      }
      measures.push(
        {
          name: endpoint.ratio,
          value: sides.portal.requests.average / sides.bare.requests.average,
        },
        {
          name: endpoint.p99Ratio,
          // autocannon's latencies are whole milliseconds: a bare p99 of 0 counts as 1.
          value: Math.max(1, sides.portal.latency.p99) / Math.max(1, sides.bare.latency.p99),
        },
      );
    }
    return measures;
  } finally {
    await bare.stop();
  }
}

/** The catalogue's list calls at LHR, one of each kind (all answered from their caches). */
const CATALOGUE_READS = [
  calls.loungeList,
  calls.diningList,
  calls.spaList,
  calls.fastTrackList,
].map((call) => ({ path: `${API_PREFIX}${call.path}`, body: '{"airportCode":"LHR"}' }));

/**
 * Issue 23: the catalogue's lists, taken in turn, at a steady 3,000 requests a second in total
 * for 10 s (a rate, not a number of connections: latency is what a visitor sees at that load).
 */
export async function benchSteadyRate(portal: RunningPortal): Promise<Measure[]> {
  for (const read of CATALOGUE_READS) {
    const answer = await rawRequest(`${portal.baseUrl}${read.path}`, {
      method: 'POST',
      headers: HEADERS,
      body: read.body,
    });
    const { state, result } = JSON.parse(decodedText(answer)) as Envelope;
    if (answer.status !== 200 || state !== '1' || !Array.isArray((result as Paged<unknown>).items))
      throw new Error(`${read.path} answered ${answer.status}, state ${String(state)}`);
  }
  const run = (duration: number) =>
    loadInOwnProcess({
      url: portal.baseUrl,
      headers: HEADERS,
      requests: CATALOGUE_READS.map((read) => ({ method: 'POST', ...read })),
      connections: CONNECTIONS,
      duration,
      overallRate: STEADY_RATE,
    });
  await run(WARM_UP_S);
  const result = await run(STEADY_S);
  const achieved = result.requests.total / result.duration;
  const short = achieved < STEADY_RATE * 0.95;
  return [
    {
      name: 'catalogue reads p99 at 3,000 req/s',
      value: result.latency.p99,
      note: short
        ? `only ${achieved.toFixed(0)} req/s were achieved`
        : `p50 ${result.latency.p50} ms; lounge, dining, spa and fast-track lists at LHR in turn`,
    },
    {
      name: 'catalogue reads at 3,000 req/s: errors and non-2xx answers',
      value: result.errors + result.non2xx,
      note: `${result.timeouts} timeouts`,
    },
    {
      name: 'catalogue reads at 3,000 req/s: achieved rate',
      value: achieved,
      unit: 'req/s',
      note: `${result.requests.total} requests in ${result.duration.toFixed(1)} s`,
    },
  ];
}

const READERS = 200;
const READER_WAVES = 5;

/** Waves of 200 requests at the same instant on open connections: each answer's time, in ms. */
function readerWaves(baseUrl: string, headers: Record<string, string>): Promise<number[]> {
  const request = requestBytes(baseUrl, AIRPORT_LIST.path, headers, AIRPORT_LIST.body);
  return timedWaves(
    baseUrl,
    Array.from({ length: READERS }, () => request),
    READER_WAVES,
    (answer) => {
      if (answer.status !== 200 || answer.headers['content-encoding'] !== 'br')
        throw new Error(`${AIRPORT_LIST.path} answered ${answer.status} without brotli`);
    },
  );
}

/**
 * Issue 23: 200 browsers asking for the airport list at the same instant, five times over: p99
 * of the 1,000 answers, each read to its last byte. The bare node:http server sending the same
 * bytes is measured the same way, beside it: the floor this machine sets, and the budget's anchor.
 */
export async function benchAirportReaders(portal: RunningPortal): Promise<Measure[]> {
  const headers = { ...HEADERS, 'accept-encoding': 'gzip, deflate, br' };
  const reference = await referenceResponse(portal.baseUrl, AIRPORT_LIST, headers);
  const bare = await startBareServer({ [AIRPORT_LIST.path]: reference });
  try {
    const portalTimes = await readerWaves(portal.baseUrl, headers);
    const bareTimes = await readerWaves(bare.baseUrl, headers);
    const size = `${reference.body.length} B brotli each, ${READER_WAVES} waves`;
    return [
      {
        name: 'airport list, 200 concurrent readers: portal/bare p99',
        value: percentile(portalTimes, 0.99) / percentile(bareTimes, 0.99),
      },
      {
        name: 'airport list p99, 200 concurrent readers',
        value: percentile(portalTimes, 0.99),
        note: `p50 ${percentile(portalTimes, 0.5).toFixed(0)} ms; ${size}`,
      },
      {
        name: 'airport list p99, 200 concurrent readers, bare server',
        value: percentile(bareTimes, 0.99),
        unit: 'ms',
        note: `p50 ${percentile(bareTimes, 0.5).toFixed(0)} ms; the same bytes from node:http`,
      },
    ];
  } finally {
    await bare.stop();
  }
}
