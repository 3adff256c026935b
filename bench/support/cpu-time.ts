import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/*
 * Where a timed run's CPU went: the bench's own process (the portal built in it, with the calls'
 * client) and the PostgreSQL server it talks to, when that server runs on this machine. A rate
 * measured on a machine whose cores are all busy is bounded by the work it takes: this says how
 * much work that is, so a figure can be read against the most the machine could give it.
 */

/** Linux's clock ticks a second in /proc's times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/** The hosts a database URL names when its server is on this machine (URL's hostname form). */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '']);

/**
 * The CPU time (ms, user and system) the processes named `postgres` on this machine have used
 * so far, the server and each connection's backend; undefined when /proc cannot be read or no
 * such process is there. A backend that ends between two readings takes its share with it.
 */
export function postgresCpuMs(): number | undefined {
  let ticks = 0;
  let found = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After the name: state, ppid, ..., the 12th and 13th fields are utime and stime.
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    found += 1;
  }
  return found > 0 ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}

/** A run's CPU: this process's and, when it runs here, PostgreSQL's (ms). */
export interface RunCpu {
  processMs: number;
  postgresMs: number | undefined;
}

/**
 * Starts counting this process's CPU and, when `databaseUrl` names a server on this machine,
 * PostgreSQL's; the function returned ends the count.
 */
export function countCpu(databaseUrl?: string): () => RunCpu {
  const local = databaseUrl !== undefined && LOCAL_HOSTS.has(new URL(databaseUrl).hostname);
  const postgresBefore = local ? postgresCpuMs() : undefined;
  const processBefore = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(processBefore);
    const postgresAfter = postgresBefore === undefined ? undefined : postgresCpuMs();
    return {
      processMs: (used.user + used.system) / 1000,
      postgresMs:
        postgresBefore === undefined || postgresAfter === undefined
          ? undefined
          : postgresAfter - postgresBefore,
    };
  };
}

/**
 * The most `done` things a second that the work of `cpuMs` (every process's share) allows on this
 * machine: that work spread over every core with none idle and nothing else running. A rate
 * measured above it is impossible; a budget above it needs less work, not a quieter machine.
 */
export function ceilingPerSecond(done: number, cpuMs: number): number {
  return done / (cpuMs / 1000 / os.availableParallelism());
}
