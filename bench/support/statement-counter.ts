import pg from 'pg';
import type { DatabaseOptions } from '../../apps/api/src/db/client';

/**
 * The pool's connection class openDatabase takes. pg's types here are lighthouse's older copy
 * (bench/node_modules/@types/pg); the class is the api's own pg at run time.
 */
type PoolClientClass = NonNullable<Extract<DatabaseOptions, { kind: 'pg' }>['Client']>;

/**
 * Statements the database was sent, counted at the driver: every `query` of a pool's connection
 * is a round trip; each one but transaction control (BEGIN, COMMIT, ROLLBACK, SAVEPOINT and the
 * like) is a statement too.
 */
export interface StatementCounts {
  statements: number;
  roundTrips: number;
}

/** Transaction control: round trips, not statements. */
const TRANSACTION_CONTROL =
  /^\s*(?:begin|start\s+transaction|commit|end|rollback|abort|savepoint|release|set\s+transaction)\b/i;

/** The SQL of a `query`'s first argument: a string, or a config (or Submittable) with `text`. */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first) {
    const { text } = first;
    if (typeof text === 'string') return text;
  }
  return '';
}

export const isTransactionControl = (sql: string): boolean => TRANSACTION_CONTROL.test(sql);

/**
 * A counter of what a pool's connections send (`Client`, for openDatabase's `Client` option):
 * reset before a call, read after it. `idle` resolves once no query of theirs is under way, so
 * that a call's work is done before its count is read.
 */
export interface StatementCounter {
  readonly Client: PoolClientClass;
  reset(): void;
  read(): StatementCounts;
  /** The SQL sent since the last reset, in order (to tell what a count is made of). */
  sent(): readonly string[];
  /** Resolves when no query is under way, nor starts in the turn of the event loop after. */
  idle(): Promise<void>;
}

export function statementCounter(): StatementCounter {
  let texts: string[] = [];
  let underWay = 0;
  /** One query sent: counted now, and `done` once it has answered (or failed). */
  const started = (sql: string) => {
    texts.push(sql);
    underWay += 1;
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      underWay -= 1;
    };
  };

  class CountingClient extends pg.Client {
    // pg's overloads: a promise without a callback, the callback's way with one (pg-pool's own
    // queries), or the Submittable given back.
    override query(...args: never[]): never {
      const done = started(textOf(args[0]));
      const last: unknown = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (...result: unknown[]) => unknown;
        (args as unknown[])[args.length - 1] = (...result: unknown[]) => {
          done();
          return callback(...result);
        };
      }
      const result: unknown = Reflect.apply(super.query, this, args);
      if (result instanceof Promise) {
        result.then(done, done);
      } else if (typeof last !== 'function') {
        const submitted = result as { once?: (event: string, listener: () => void) => void };
        if (typeof submitted?.once === 'function') {
          submitted.once('end', done);
          submitted.once('error', done);
        } else {
          done();
        }
      }
      return result as never;
    }
  }

  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    Client: CountingClient as unknown as PoolClientClass,
    reset() {
      texts = [];
    },
    read() {
      const statements = texts.filter((sql) => !isTransactionControl(sql)).length;
      return { statements, roundTrips: texts.length };
    },
    sent: () => texts,
    async idle() {
      for (;;) {
        while (underWay > 0) await turn();
        const before = texts.length;
        await turn();
        if (underWay === 0 && texts.length === before) return;
      }
    },
  };
}
