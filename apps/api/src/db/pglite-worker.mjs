// The embedded database on a thread of its own (issue 23): PGlite starts here while the main
// thread loads the portal's modules, and runs every statement here while the main thread
// answers requests. The main side is PGliteThread (pglite-thread.ts); this file is plain
// JavaScript so the same file runs from the sources and from the server bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Types drizzle reads as text (the main thread's list: parser functions cannot be sent). */
const asText = Object.fromEntries(workerData.asText.map((oid) => [oid, (value) => value]));

/** What an error of postgres says, as plain fields (a thread only passes an Error's message). */
function plainError(err) {
  const fields = { name: err?.name ?? 'Error', message: err?.message ?? String(err) };
  if (err && typeof err === 'object') {
    for (const [key, value] of Object.entries(err)) {
      if (value === undefined || value === null || typeof value === 'object') continue;
      if (typeof value !== 'function') fields[key] = value;
    }
  }
  return fields;
}

const db = PGlite.create({
  dataDir: workerData.dataDir,
  startParams: [...PGlite.defaultStartParams, ...workerData.extraStartParams],
});
// A failed start is the answer to every statement sent (each awaits it), not an unhandled one.
db.catch(() => {});

/** Open transactions by number: each is PGlite's own, waiting for its end. */
const open = new Map();
let nextTx = 1;

function queryOptions(message) {
  return { rowMode: message.rowMode ?? 'object', ...(message.asText ? { parsers: asText } : {}) };
}

const ops = {
  async query(message) {
    const target = message.tx ? open.get(message.tx)?.tx : await db;
    if (!target) throw new Error('Transaction is closed');
    return target.query(message.sql, message.params, queryOptions(message));
  },
  async exec(message) {
    const target = message.tx ? open.get(message.tx)?.tx : await db;
    if (!target) throw new Error('Transaction is closed');
    return target.exec(message.sql);
  },
  async begin() {
    const id = nextTx++;
    let started;
    const begun = new Promise((resolve) => (started = resolve));
    const entry = { tx: undefined, end: undefined, done: undefined };
    open.set(id, entry);
    // PGlite's transaction holds the database until its callback returns: the callback waits
    // for the main thread's end of it; a rollback is a throw.
    entry.done = (await db)
      .transaction(async (tx) => {
        entry.tx = tx;
        const commit = await new Promise((resolve) => {
          entry.end = resolve;
          started();
        });
        if (!commit) throw new RolledBack();
      })
      .finally(() => open.delete(id));
    entry.done.catch(() => {});
    await Promise.race([begun, entry.done]);
    return id;
  },
  async end(message) {
    const entry = open.get(message.tx);
    if (!entry) throw new Error('Transaction is closed');
    entry.end(message.commit);
    try {
      await entry.done;
    } catch (err) {
      if (!(err instanceof RolledBack)) throw err;
    }
  },
  async close() {
    await (await db).close();
  },
};

class RolledBack extends Error {}

parentPort.on('message', (message) => {
  ops[message.op](message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (err) => parentPort.postMessage({ id: message.id, error: plainError(err) }),
  );
});
