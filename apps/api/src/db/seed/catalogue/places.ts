import type { Side } from '@portal/contract';
import type { Random } from '../../../platform/seeded-random';

/** How to find a place, from the terminal's entrance or security. */
export function directionsFor(r: Random, side: Side, terminal: string): string {
  const level = r.int(1, 3);
  const firstGate = r.int(1, 40);
  const lastGate = firstGate + r.int(8, 20);
  if (side === 'landside') {
    const zone = r.pick(['A', 'B', 'C', 'D', 'E']);
    return (
      `${terminal}, before security: in the departures hall on level ${level}, ` +
      `next to check-in zone ${zone}. Look for the signs once you are through the main doors.`
    );
  }
  return (
    `${terminal}, after security: follow the signs for gates ${firstGate}–${lastGate}, ` +
    `then take the lift or escalator to level ${level}. The entrance is opposite gate ${firstGate + 2}.`
  );
}
