import fs from 'node:fs';
import net from 'node:net';

/*
 * A port for a server a test starts in another process, which listens on it seconds later
 * (once tsx has compiled it). Not the kernel's pick of `listen(0)`: that port is one of the
 * ephemeral range the machine's outgoing connections take their local ports from (the tests
 * open hundreds to PostgreSQL), so in those seconds a connection could take it, and the
 * server would fail to listen (EADDRINUSE). Ports below that range are only ever taken by a
 * listener, and each is checked free before it is handed out, once per test process.
 */

/** The lowest port of the kernel's ephemeral range (Linux's default is 32768). */
function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    const n = Number(low);
    if (Number.isInteger(n) && n > 12_000) return n;
  } catch {
    // not Linux: its default range
  }
  return 32_768;
}

/** The ports handed out: from `first` up to, not including, `end` (read once per process). */
export const PORT_RANGE = { first: 10_000, end: ephemeralLow() };
const handedOut = new Set<number>();

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port of 127.0.0.1 that nothing listens on and no outgoing connection will take. */
export async function freePort(): Promise<number> {
  const { first, end } = PORT_RANGE;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = first + Math.floor(Math.random() * (end - first));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free port found from ${first} to ${end - 1}`);
}
