import fs from 'node:fs';
import net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { freePort, PORT_RANGE } from '../free-port';

const { first, end } = PORT_RANGE;
/** The kernel's range, read here too: the test's own word that the ports stay below it. */
const ephemeralLow = (() => {
  try {
    return Number(
      fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
  } catch {
    return 32_768;
  }
})();

describe('freePort', () => {
  it('hands out ports below the range outgoing connections take theirs from, each once', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(20);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(ephemeralLow);
    }
  });

  it('gives a port a server can listen on at once', async () => {
    const port = await freePort();
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes over a port something already listens on', async () => {
    // The picker's draws are made to land first on a port held open, then on another.
    const portAt = (draw: number) => first + Math.floor(draw * (end - first));
    const [taken, next] = [0.123_457, 0.765_431];
    const held = net.createServer();
    await new Promise<void>((resolve, reject) => {
      held.once('error', reject);
      held.listen(portAt(taken), '127.0.0.1', resolve);
    });
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(taken).mockReturnValueOnce(next);
    try {
      expect(await freePort()).toBe(portAt(next));
      expect(random).toHaveBeenCalledTimes(2);
    } finally {
      random.mockRestore();
      await new Promise((resolve) => held.close(resolve));
    }
  });
});
