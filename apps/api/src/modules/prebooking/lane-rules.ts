import type { AgeBand, FastTrackChildRule } from '@portal/contract';

/** The passengers of a fast-track booking as the member named them (the member first). */
export interface NamedPassenger {
  name: string;
  ageBand?: AgeBand | undefined;
}

/** How a lane takes them: who takes a place (and pays), who goes free, and their age bands. */
export interface LanePassengers {
  /** The member's companions who take a place, in order. */
  companions: string[];
  /** Children the airport lets through free with an adult: no place, no fee. */
  freeChildren: string[];
  /** Each passenger's band, member first (companions, then free children); none when not asked. */
  bands: AgeBand[] | null;
}

export type LanePassengersRefusal =
  /** The airport asks every passenger's age band and one is missing: their positions. */
  | { refused: 'bands-missing'; at: number[] }
  /** More passengers take a place than the lane takes on one booking. */
  | { refused: 'too-many' };

/**
 * The airport's passenger rules applied: age bands required where it asks them; under its
 * 'free-with-adult' rule, children (under 12) beyond the first passenger go free and take no
 * place when an adult or youth travels with them; under 'counted' everyone takes a place. The
 * cap counts the passengers who take a place, the member included.
 */
export function lanePassengers(
  passengers: readonly NamedPassenger[],
  rules: { childRule: FastTrackChildRule; ageBandsAsked: boolean; maxPassengers: number },
): LanePassengers | LanePassengersRefusal {
  if (rules.ageBandsAsked) {
    const at = passengers.flatMap((p, i) => (p.ageBand ? [] : [i]));
    if (at.length > 0) return { refused: 'bands-missing', at };
  }
  const [, ...others] = passengers;
  const withAdult = passengers.some((p) => (p.ageBand ?? 'adult') !== 'child');
  const goesFree = (p: NamedPassenger) =>
    rules.childRule === 'free-with-adult' && withAdult && p.ageBand === 'child';
  const companions = others.filter((p) => !goesFree(p));
  const freeChildren = others.filter(goesFree);
  if (1 + companions.length > rules.maxPassengers) return { refused: 'too-many' };
  const bandOf = (p: NamedPassenger) => p.ageBand ?? 'adult';
  return {
    companions: companions.map((p) => p.name),
    freeChildren: freeChildren.map((p) => p.name),
    bands: rules.ageBandsAsked
      ? [passengers[0]!, ...companions, ...freeChildren].map(bandOf)
      : null,
  };
}
