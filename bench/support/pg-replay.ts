import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client';
import { inWorkers } from './bench-app';
import { isTransactionControl, statementCounter, type StatementCounter } from './statement-counter';

/*
 * What a portal sent PostgreSQL, job by job (a member's booking, say), and the same statements
 * sent again by a plain pg script: the anchor a rate of the portal's is set against, doing the
 * database's share of its work and nothing else, on the same server at the same concurrency.
 */

/** One query a pool's connection sent, as the driver was given it, and what it answered. */
export interface SentQuery {
  /** A prepared statement's name: its connection parses it once. */
  name?: string;
  text: string;
  values: unknown[];
  rowMode?: 'array';
  /** The pool's connection it went on (numbered as they were opened). */
  connection: number;
  /** When it was sent and when it answered, on one clock counting every send and answer. */
  sent: number;
  answered: number;
  /** Its rows, to learn from the replay's the ids the database chose anew (replayer). */
  rows?: unknown[];
  failed?: string;
}

/**
 * One connection's turn in a job: a transaction, from its BEGIN to its COMMIT or ROLLBACK on
 * that connection, or a statement on its own.
 */
export interface Turn {
  queries: SentQuery[];
  transaction: boolean;
  /** The job's earlier turns that had answered before this one began: it waits for them. */
  after: number[];
}

/** The queries of a job, in the order sent, grouped into its connections' turns. */
export function turnsOf(queries: readonly SentQuery[]): Turn[] {
  const turns: { queries: SentQuery[]; transaction: boolean; from: number; to: number }[] = [];
  const open = new Map<number, (typeof turns)[number]>();
  for (const query of [...queries].sort((a, b) => a.sent - b.sent)) {
    let turn = open.get(query.connection);
    if (!turn) {
      const transaction = /^\s*(?:begin|start\s+transaction)\b/i.test(query.text);
      turn = { queries: [], transaction, from: query.sent, to: query.answered };
      turns.push(turn);
      if (transaction) open.set(query.connection, turn);
    }
    turn.queries.push(query);
    turn.to = Math.max(turn.to, query.answered);
    if (/^\s*(?:commit|end|rollback|abort)\b/i.test(query.text)) open.delete(query.connection);
  }
  return turns.map((turn, k) => ({
    queries: turn.queries,
    transaction: turn.transaction,
    after: turns.slice(0, k).flatMap((earlier, i) => (earlier.to < turn.from ? [i] : [])),
  }));
}

/** The SQL, name, values and row mode a `query` call was given (text or config, then values). */
function queryOf(args: unknown[]): Pick<SentQuery, 'name' | 'text' | 'values' | 'rowMode'> {
  const [first, second] = args;
  const values = Array.isArray(second) ? (second as unknown[]) : undefined;
  if (typeof first === 'string') return { text: first, values: [...(values ?? [])] };
  const config = (first ?? {}) as {
    name?: unknown;
    text?: unknown;
    values?: unknown;
    rowMode?: unknown;
  };
  return {
    ...(typeof config.name === 'string' ? { name: config.name } : {}),
    text: typeof config.text === 'string' ? config.text : '',
    values: [...(values ?? (Array.isArray(config.values) ? (config.values as unknown[]) : []))],
    ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
  };
}

/**
 * A recorder of what a pool's connections send (`Client`, for openDatabase's `Client` option,
 * counting as statement-counter.ts does), each query kept under the job `within` runs it for.
 * The job is the caller's async context at the `query` call; `attach` binds the pool's queued
 * checkouts to their callers' contexts, which pg-pool would otherwise run in the context of the
 * call that freed a connection.
 */
export interface QueryRecorder {
  readonly Client: StatementCounter['Client'];
  readonly counter: StatementCounter;
  attach(database: Database): void;
  within<T>(job: string, work: () => Promise<T>): Promise<T>;
  /** The queries sent for `job`, in the order sent. */
  queriesOf(job: string): readonly SentQuery[];
  /** The queries sent outside any job (the portal's start, a timer of its), in the order sent. */
  outside(): readonly SentQuery[];
}

export function queryRecorder(): QueryRecorder {
  const counter = statementCounter();
  const jobs = new AsyncLocalStorage<string>();
  const byJob = new Map<string, SentQuery[]>();
  const unowned: SentQuery[] = [];
  let clock = 0;
  let connections = 0;

  const Counting = counter.Client as unknown as typeof pg.Client;
  class RecordingClient extends Counting {
    /** Not `connection`: pg's Client keeps its wire protocol's there. */
    readonly recordedAs = ++connections;

    override query(...args: never[]): never {
      const job = jobs.getStore();
      const query: SentQuery = {
        ...queryOf(args),
        connection: this.recordedAs,
        sent: ++clock,
        answered: Number.POSITIVE_INFINITY,
      };
      if (job === undefined) unowned.push(query);
      else {
        let list = byJob.get(job);
        if (!list) byJob.set(job, (list = []));
        list.push(query);
      }
      const answered = (err: unknown, result?: unknown) => {
        if (query.answered !== Number.POSITIVE_INFINITY) return;
        query.answered = ++clock;
        if (err) query.failed = err instanceof Error ? err.message : 'failed';
        const rows = (result as { rows?: unknown } | undefined)?.rows;
        if (Array.isArray(rows)) query.rows = rows;
      };
      const last: unknown = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (...result: unknown[]) => unknown;
        (args as unknown[])[args.length - 1] = (...result: unknown[]) => {
          answered(result[0], result[1]);
          return callback(...result);
        };
      }
      const result: unknown = Reflect.apply(super.query, this, args);
      if (result instanceof Promise)
        result.then(
          (r: unknown) => answered(undefined, r),
          (err: unknown) => answered(err ?? 'failed'),
        );
      return result as never;
    }
  }

  return {
    Client: RecordingClient as unknown as StatementCounter['Client'],
    counter,
    attach(database) {
      const pool = (database.db as unknown as { $client?: unknown }).$client as
        { connect: (callback?: unknown) => unknown } | undefined;
      if (!pool || typeof pool.connect !== 'function')
        throw new Error('the database has no pg pool to record the jobs of');
      const connect = pool.connect.bind(pool);
      pool.connect = (callback?: unknown) =>
        connect(
          typeof callback === 'function'
            ? AsyncResource.bind(callback as (...args: unknown[]) => unknown)
            : callback,
        );
    },
    within: (job, work) => jobs.run(job, work),
    queriesOf: (job) => byJob.get(job) ?? [],
    outside: () => unowned,
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const WHOLE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids the database chose anew in the replay (a column's default, gen_random_uuid()) for
 * those it chose in the recorded run: a later statement that sent a recorded id sends the
 * replay's instead, so that it finds the rows the replay made.
 */
class IdMap {
  private readonly replayed = new Map<string, string>();
  /** Ids the replay's database answered: the same in both runs, never mapped. */
  private readonly known = new Set<string>();

  /** Pairs the cells of the recorded rows with the replay's, row by row, column by column. */
  learn(recorded: unknown[] | undefined, rows: unknown[]): void {
    const cells = (row: unknown): unknown[] =>
      Array.isArray(row) ? row : row && typeof row === 'object' ? Object.values(row) : [];
    for (const row of rows)
      for (const cell of cells(row))
        if (typeof cell === 'string' && WHOLE_UUID.test(cell)) this.known.add(cell);
    if (!recorded || recorded.length !== rows.length) return;
    recorded.forEach((row, i) => {
      const before = cells(row);
      const now = cells(rows[i]);
      before.forEach((cell, j) => {
        const to = now[j];
        if (
          typeof cell === 'string' &&
          typeof to === 'string' &&
          cell !== to &&
          WHOLE_UUID.test(cell) &&
          WHOLE_UUID.test(to) &&
          !this.known.has(cell)
        )
          this.replayed.set(cell, to);
      });
    });
  }

  /** A value to send, its recorded ids (in strings, arrays, JSON objects) the replay's. */
  map(value: unknown): unknown {
    if (typeof value === 'string') {
      const whole = this.replayed.get(value);
      if (whole !== undefined) return whole;
      return value.length > 36 ? value.replace(UUID, (id) => this.replayed.get(id) ?? id) : value;
    }
    if (Array.isArray(value)) return value.map((v) => this.map(v));
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.map(v)]));
    return value;
  }

  get size(): number {
    return this.replayed.size;
  }
}

/** What a replay sent, and how its answers differed from the recorded run's. */
export interface ReplayCounts {
  statements: number;
  roundTrips: number;
  transactions: number;
  /** Statements the database refused that it had not refused in the recorded run. */
  failed: number;
  /** Statements it refused in both runs (a conflict the caller handled, say). */
  failedAsRecorded: number;
  /** Statements not sent: those after a failed one in its transaction (rolled back instead). */
  skipped: number;
  /** The first few new failures' messages. */
  failures: string[];
  /** Statements answering otherwise than in the recorded run: another row count, or an error. */
  differed: number;
  /** Ids the database chose anew that later statements were sent with (IdMap). */
  idsMapped: number;
}

/** Replays a recorded run's jobs on a database: one IdMap and counts over its rounds. */
export interface Replayer {
  /**
   * A round of jobs (each a job's turns) readied to replay, `atOnce` jobs at a time (as
   * inWorkers): what each turn waits for is worked out here, before the round is started.
   */
  round(jobs: readonly Turn[][]): { run(atOnce: number): Promise<void> };
  /** The counts since the last `take`. */
  take(): ReplayCounts;
  close(): Promise<void>;
}

/** A pg.Pool's or a checked-out connection's `query`, as the replay calls it. */
type Queryable = Pick<pg.Pool, 'query'>;

/** The ids (uuids) in a value to send: a string (JSON too), an array's, an object's. */
function idsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') for (const [id] of value.matchAll(UUID)) into.add(id);
  else if (Array.isArray(value)) for (const v of value) idsIn(v, into);
  else if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    for (const v of Object.values(value)) idsIn(v, into);
  return into;
}

/** The ids a query's rows answered, cell by cell. */
function idsAnswered(rows: readonly unknown[] | undefined): string[] {
  return (rows ?? []).flatMap((row) =>
    (Array.isArray(row) ? row : row && typeof row === 'object' ? Object.values(row) : []).filter(
      (cell): cell is string => typeof cell === 'string' && WHOLE_UUID.test(cell),
    ),
  );
}

/** Where the recorded run first had an id from: the query that answered it, and its job. */
interface Source {
  query: SentQuery;
  round: number;
  job: number;
}

/**
 * A plain pg.Pool of `poolSize` connections on `url`, sending recorded jobs again: each turn's
 * queries (text, values, a prepared statement's name, the row mode) in order on one connection
 * (a transaction checked out for its length, a lone statement by pool.query, as the portal's
 * driver does), each job's turns in their recorded order, a turn that overlapped earlier ones
 * beside them. A turn sending an id another job's query had answered in the recorded run (a
 * slot the first booker at it made, say) waits for that query's replay first, as the recorded
 * one came after it: before it takes a connection, so that no wait holds one, and only on an
 * earlier job's (or round's), so that no job waits on one its worker has not reached.
 */
export function replayer(url: string, poolSize: number): Replayer {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const ids = new IdMap();
  const none = (): ReplayCounts => ({
    statements: 0,
    roundTrips: 0,
    transactions: 0,
    failed: 0,
    failedAsRecorded: 0,
    skipped: 0,
    failures: [],
    differed: 0,
    idsMapped: 0,
  });
  let counts = none();
  let mappedBefore = 0;
  let rounds = 0;
  const sources = new Map<string, Source>();
  /** Each recorded query's replay, settled once sent and answered, or skipped. */
  const replayed = new Map<SentQuery, { done: Promise<void>; settle: () => void }>();

  /** Sends one recorded query on `on`: false when the database refused it. */
  async function send(on: Queryable, q: SentQuery): Promise<boolean> {
    counts.roundTrips += 1;
    if (!isTransactionControl(q.text)) counts.statements += 1;
    const config: pg.QueryConfig = {
      ...(q.name ? { name: q.name } : {}),
      text: q.text,
      values: q.values.map((v) => ids.map(v)),
      ...(q.rowMode ? { rowMode: q.rowMode } : {}),
    };
    try {
      const result = await on.query(config);
      ids.learn(q.rows, result.rows);
      if (q.failed !== undefined || q.rows?.length !== result.rows.length) counts.differed += 1;
      return true;
    } catch (err) {
      if (q.failed !== undefined) counts.failedAsRecorded += 1;
      else {
        counts.failed += 1;
        counts.differed += 1;
        if (counts.failures.length < 5)
          counts.failures.push(err instanceof Error ? err.message : String(err));
      }
      return false;
    } finally {
      replayed.get(q)?.settle();
    }
  }

  /** The queries of other, earlier jobs that answered ids the turn sends (`sources`). */
  function sourcesOf(t: Turn, round: number, job: number): SentQuery[] {
    const from = new Set<SentQuery>();
    for (const q of t.queries)
      for (const id of idsIn(q.values)) {
        const source = sources.get(id);
        if (source && source.query.answered < q.sent && (source.round < round || source.job < job))
          from.add(source.query);
      }
    return [...from];
  }

  async function turn(t: Turn, after: readonly SentQuery[]): Promise<void> {
    if (after.length > 0) await Promise.all(after.map((q) => replayed.get(q)!.done));
    if (!t.transaction) {
      for (const q of t.queries) await send(pool, q);
      return;
    }
    counts.transactions += 1;
    const client = await pool.connect();
    try {
      let aborted = false;
      for (const q of t.queries) {
        if (!aborted) aborted = !(await send(client, q));
        else {
          counts.skipped += 1;
          replayed.get(q)?.settle();
        }
      }
      if (aborted) await client.query('rollback');
    } finally {
      client.release();
    }
  }

  return {
    round(jobs) {
      const round = ++rounds;
      jobs.forEach((turns, job) => {
        for (const t of turns)
          for (const q of t.queries) {
            let settle = () => {};
            const done = new Promise<void>((resolve) => (settle = resolve));
            replayed.set(q, { done, settle });
            for (const id of idsAnswered(q.rows)) {
              const known = sources.get(id);
              if (!known || known.query.answered > q.answered)
                sources.set(id, { query: q, round, job });
            }
          }
      });
      const waits = jobs.map((turns, job) => turns.map((t) => sourcesOf(t, round, job)));
      /** A job's turns, each after its earlier ones it came after and its sources' replays. */
      const replayJob = async (job: number) => {
        const done: Promise<void>[] = [];
        jobs[job]!.forEach((t, k) => {
          const earlier = Promise.all(t.after.map((i) => done[i]!));
          done.push(earlier.then(() => turn(t, waits[job]![k]!)));
        });
        await Promise.all(done);
      };
      return { run: (atOnce) => inWorkers(atOnce, jobs.length, replayJob) };
    },
    take() {
      const taken = { ...counts, idsMapped: ids.size - mappedBefore };
      counts = none();
      mappedBefore = ids.size;
      return taken;
    },
    close: () => pool.end(),
  };
}
