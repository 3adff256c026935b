import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/*
 * PGlite on a worker thread (issue 23). The embedded database is postgres compiled to
 * WebAssembly: it starts in about a second and runs every statement on the thread that holds
 * it. Held by a worker, it starts while the main thread loads the portal's modules, and its
 * statements run while the main thread answers other requests.
 *
 * This is the part of PGlite's interface drizzle-orm/pglite and its migrator use: query (in
 * object or array rows, with drizzle's "leave as text" parsers), exec, transaction (nested ones
 * are savepoints drizzle writes itself) and close. Errors come back with postgres's fields
 * (code, constraint, detail, ...), which the portal reads (db-errors.ts).
 */

/**
 * The parsers drizzle-orm/pglite passes: types it reads as text. The worker is given the list.
 * Type numbers, not PGlite's `types`: this file is loaded before PGlite's modules, so the
 * worker can start at once (timestamp, timestamptz, interval, date, then drizzle's own list).
 */
const AS_TEXT = new Set<number>([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

interface QueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, unknown>;
}

/** An error as the worker sends it: postgres's fields, with name and message as text. */
type ErrorFields = { name: string; message: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorFields };

/** A postgres error as the worker sent it: an Error with the same fields. */
function rebuiltError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const err = new Error(message);
  err.name = name;
  return Object.assign(err, rest);
}

/** What a query's options become on the way to the worker (parser functions cannot cross). */
function sentOptions(options: QueryOptions | undefined) {
  const parsers = Object.keys(options?.parsers ?? {}).map(Number);
  const unknown = parsers.filter((oid) => !AS_TEXT.has(oid));
  if (unknown.length > 0)
    throw new Error(`PGliteThread: no parser for type ${unknown.join(', ')} on the worker`);
  return { rowMode: options?.rowMode ?? 'object', asText: parsers.length > 0 };
}

export interface PGliteThreadOptions {
  dataDir: string;
  /** Passed to postgres after PGlite's own start parameters, e.g. ['-c', 'shared_buffers=16MB']. */
  extraStartParams: string[];
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #nextId = 1;
  #failure: Error | undefined;

  private constructor(options: PGliteThreadOptions) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { ...options, asText: [...AS_TEXT] },
    });
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#pending.get(reply.id);
      if (!waiting) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiting.reject(rebuiltError(reply.error));
      else waiting.resolve(reply.result);
    });
    const fail = (err: Error) => {
      this.#failure = err;
      for (const waiting of this.#pending.values()) waiting.reject(err);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the database thread ended (${code})`)));
  }

  /**
   * Starts the worker and returns at once: statements sent before the database is open wait for
   * it on the worker, and fail with the reason if it cannot open.
   */
  static start(options: PGliteThreadOptions): PGliteThread {
    return new PGliteThread(options);
  }

  #call<T>(op: string, message: Record<string, unknown>): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: (value) => resolve(value as T), reject });
      this.#worker.postMessage({ ...message, id, op });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call('exec', { sql });
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    return this.#call('query', { tx, sql, params: params ?? [], ...sentOptions(options) });
  }

  /** PGlite's transaction: the callback's statements run in it; a throw rolls it back. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>('begin', {});
    let closed = false;
    const ensureOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        ensureOpen();
        return this.#query<R>(id, sql, params, options);
      },
      exec: (sql: string) => {
        ensureOpen();
        return this.#call<Results[]>('exec', { tx: id, sql });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      await this.#call('end', { tx: id, commit: false });
      throw err;
    }
    closed = true;
    await this.#call('end', { tx: id, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    await this.#call('close', {});
    await this.#worker.terminate();
  }

  /** What drizzle-orm/pglite is given: the calls above are all of PGlite it uses. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
